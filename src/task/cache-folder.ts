import { lstatSync, mkdirSync, mkdtempSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * endstate's cache folder for this user, under the system's temporary
 * folder (e.g. /tmp/endstate-1000): compiled environments and checked
 * suites live in folders inside it.
 */
export function defaultCacheRoot(): string {
  return join(tmpdir(), `endstate-${process.getuid?.() ?? 'user'}`);
}

/**
 * The cache folder, created private to this user. A folder someone else
 * owns or may write to could hold planted code or planted results, so it
 * is never read: a fresh private folder is used instead.
 */
export function usableCacheFolder(directory: string): string {
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  const uid = process.getuid?.();
  const isPrivate = [directory, dirname(directory)].every((folder) => {
    const stat = lstatSync(folder);
    return (
      stat.isDirectory() && (uid === undefined || stat.uid === uid) && (stat.mode & 0o022) === 0
    );
  });
  return isPrivate ? directory : mkdtempSync(join(tmpdir(), 'endstate-cache-'));
}

/** Writes beside and renames, so a concurrent reader sees the old file or the new one, never half. */
export function writeAtomically(path: string, text: string): void {
  const partial = `${path}.${process.pid}.partial`;
  writeFileSync(partial, text, { mode: 0o600 });
  renameSync(partial, path);
}
