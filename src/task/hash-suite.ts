import { readFileSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { hashJson, sha256Hex } from '../core/index.js';
import { SUITE_LOCK_FILE } from './suite-lock.js';

/** Files of a suite folder, relative and sorted (hidden entries and node_modules skipped). */
export function listSuiteFiles(root: string): string[] {
  const files: string[] = [];
  const walked = new Set<string>();
  const walk = (folder: string): void => {
    walked.add(realpathSync(folder));
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const path = join(folder, entry.name);
      // A symbolic link counts as what it points to, so a linked fixture is hashed too.
      const stat = entry.isSymbolicLink() ? statSync(path, { throwIfNoEntry: false }) : entry;
      if (stat?.isDirectory() === true) {
        const real = realpathSync(path);
        if (!walked.has(real)) walk(path);
      } else if (stat?.isFile() === true) files.push(relative(root, path).split(sep).join('/'));
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
 * `outsideFiles` (absolute paths the environment reaches outside the
 * folder, see findOutsideFiles) join the list under their path relative to
 * the folder (`../shared/data.json`); a suite that reaches none keeps the
 * hash it had before they were counted.
 */
export function hashSuite(root: string, outsideFiles: readonly string[] = []): string {
  return hashJson(hashSuiteFiles(root, outsideFiles));
}

/**
 * What the suite hash is computed over: `[relative path, sha256 of the
 * bytes]` for every file of the folder but the lock file, then the outside
 * files (see hashSuite).
 */
export function hashSuiteFiles(
  root: string,
  outsideFiles: readonly string[] = [],
): [path: string, sha256: string][] {
  const realRoot = realpathSync(root);
  return [
    ...listSuiteFiles(root)
      .filter((file) => file !== SUITE_LOCK_FILE)
      .map((file): [string, string] => [file, sha256Hex(readFileSync(join(root, file), 'latin1'))]),
    ...outsideFiles.map((file): [string, string] => [
      relative(realRoot, file).split(sep).join('/'),
      sha256Hex(readFileSync(file, 'latin1')),
    ]),
  ];
}
