import { readFileSync, readdirSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A file to write: its path relative to the target folder (with `/`), and its bytes. */
export interface BundledFile {
  readonly path: string;
  readonly content: Buffer;
}

/**
 * A path inside the installed endstate package (`templates/init`, `examples`,
 * `docs/...`); the same place from src/cli and dist/cli, both two levels down.
 */
export function bundledPath(relativePath: string): string {
  return fileURLToPath(new URL(`../../${relativePath}`, import.meta.url));
}

/**
 * Every file under `folder`, sorted by path, except those `skip` names.
 * Paths are relative to `folder`, with `/` on every system.
 */
export function readBundledFiles(
  folder: string,
  skip: (path: string) => boolean = () => false,
): BundledFile[] {
  const files: BundledFile[] = [];
  const visit = (relative: string): void => {
    const entries = readdirSync(join(folder, relative), { withFileTypes: true });
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (skip(path)) continue;
      if (entry.isDirectory()) visit(path);
      else if (entry.isFile()) files.push({ path, content: readFileSync(join(folder, path)) });
    }
  };
  visit('');
  return files;
}

/**
 * A package path as the user can open it from `cwd`: relative when it is
 * below (`node_modules/endstate/docs/mcp.md` in a project), else absolute.
 */
export function shownBundledPath(relativePath: string, cwd: string): string {
  const absolute = bundledPath(relativePath);
  const fromCwd = relative(cwd, absolute);
  return fromCwd.startsWith('..') || isAbsolute(fromCwd) ? absolute : fromCwd;
}
