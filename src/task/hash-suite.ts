import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { hashJson, sha256Hex } from '../core/index.js';
import { SUITE_LOCK_FILE } from './suite-lock.js';

/** Files of a suite folder, relative and sorted (hidden entries and node_modules skipped). */
export function listSuiteFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) files.push(relative(root, path).split(sep).join('/'));
    }
  };
  walk(root);
  return files.sort();
}

/**
 * The suite's content hash: sha256 of the canonical JSON list of
 * `[relative path, sha256 of the file's bytes]` over every file in the folder
 * except the lock file: locking records the suite, it does not change it,
 * so runs before and after `endstate lock` carry the same suite hash.
 */
export function hashSuite(root: string): string {
  return hashJson(
    listSuiteFiles(root)
      .filter((file) => file !== SUITE_LOCK_FILE)
      .map((file) => [file, sha256Hex(readFileSync(join(root, file), 'latin1'))]),
  );
}
