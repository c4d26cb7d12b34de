import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { EndstateError } from '../core/index.js';
import type { Problem } from '../core/index.js';
import type { BundledFile } from './bundled-files.js';

export interface WriteNewFilesOptions {
  readonly files: readonly BundledFile[];
  /** Absolute path of the folder to write into (created when missing). */
  readonly folder: string;
  /** The folder as the user named it, for messages. */
  readonly shownFolder: string;
  /** Overwrite existing files. */
  readonly force: boolean;
}

export interface WrittenFiles {
  /** Paths written, relative to the folder. */
  readonly written: readonly string[];
}

type Existing = 'absent' | 'overwrite' | { readonly refuse: string; readonly forceable: boolean };

function classify(target: string, force: boolean): Existing {
  if (!existsSync(target)) return 'absent';
  if (statSync(target).isDirectory()) return { refuse: 'is a folder', forceable: false };
  return force ? 'overwrite' : { refuse: 'already exists', forceable: true };
}

/**
 * Writes files into a folder without overwriting anything unless `force`:
 * every existing file is checked first and all of them are named at once
 * (exit 2), so nothing is half-written.
 */
export function writeNewFiles(options: WriteNewFilesOptions): WrittenFiles {
  const { files, folder, shownFolder, force } = options;
  if (existsSync(folder) && !statSync(folder).isDirectory()) {
    throw new EndstateError('E_FILE_EXISTS', `${shownFolder} exists and is not a folder`, {
      hint: 'Name a folder, or a path that does not exist yet.',
    });
  }
  const problems: Problem[] = [];
  let forceable = true;
  const toWrite: BundledFile[] = [];
  for (const file of files) {
    const existing = classify(join(folder, file.path), force);
    if (typeof existing === 'string') toWrite.push(file);
    else {
      problems.push({ file: join(shownFolder, file.path), message: existing.refuse });
      forceable &&= existing.forceable;
    }
  }
  if (problems.length > 0) {
    throw new EndstateError(
      'E_FILE_EXISTS',
      `${shownFolder} already holds ${problems.length} of the files to write; nothing was written`,
      {
        problems,
        hint: forceable
          ? 'Pass --force to overwrite them, or name another folder.'
          : 'Name another folder (a new one is created).',
      },
    );
  }
  for (const file of toWrite) {
    const target = join(folder, file.path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, file.content);
  }
  return { written: toWrite.map((file) => file.path) };
}

/** The folder as the user named it, tidied for messages: `evals/` and `./evals` show as `evals`. */
export function shownFolder(folder: string): string {
  const tidy = normalize(folder).replace(/(.)[\\/]+$/, '$1');
  return tidy === '' ? '.' : tidy;
}
