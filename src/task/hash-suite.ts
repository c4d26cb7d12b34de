import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { hashJson, sha256Hex } from '../core/index.js';

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
 * `[relative path, sha256 of the file's bytes]` over every file in the folder.
 */
export function hashSuite(root: string): string {
  return hashJson(
    listSuiteFiles(root).map((file) => [file, sha256Hex(readFileSync(join(root, file), 'latin1'))]),
  );
}
