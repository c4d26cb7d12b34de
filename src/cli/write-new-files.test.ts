import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EndstateError } from '../core/index.js';
import type { BundledFile } from './bundled-files.js';
import { shownFolder, writeNewFiles } from './write-new-files.js';

const file = (path: string, text: string): BundledFile => ({ path, content: Buffer.from(text) });

const FILES = [
  file('README.md', 'new readme'),
  file('environment.ts', 'export default 1;'),
  file('tasks/a.yaml', 'id: a'),
];

function folderWith(existing: Record<string, string>): string {
  const folder = mkdtempSync(join(tmpdir(), 'endstate-write-'));
  for (const [path, text] of Object.entries(existing)) {
    mkdirSync(join(folder, path, '..'), { recursive: true });
    writeFileSync(join(folder, path), text);
  }
  return folder;
}

function refusal(run: () => unknown): EndstateError {
  try {
    run();
  } catch (error) {
    if (error instanceof EndstateError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('writeNewFiles', () => {
  it('creates the folder and every file in it', () => {
    const folder = join(folderWith({}), 'evals');
    const result = writeNewFiles({ files: FILES, folder, shownFolder: 'evals', force: false });
    expect(result).toEqual({ written: ['README.md', 'environment.ts', 'tasks/a.yaml'] });
    expect(readFileSync(join(folder, 'tasks/a.yaml'), 'utf8')).toBe('id: a');
  });

  it('names every existing file at once and writes nothing', () => {
    const folder = folderWith({ 'README.md': 'mine', 'tasks/a.yaml': 'mine too' });
    const error = refusal(() =>
      writeNewFiles({ files: FILES, folder, shownFolder: 'evals', force: false }),
    );
    expect(error.code).toBe('E_FILE_EXISTS');
    expect(error.message).toBe(
      [
        'evals already holds 2 of the files to write; nothing was written',
        '  evals/README.md: already exists',
        '  evals/tasks/a.yaml: already exists',
        'Hint: Pass --force to overwrite them, or name another folder.',
      ].join('\n'),
    );
    expect(readFileSync(join(folder, 'README.md'), 'utf8')).toBe('mine');
    expect(() => readFileSync(join(folder, 'environment.ts'))).toThrow();
  });

  it('overwrites with force', () => {
    const folder = folderWith({ 'README.md': 'mine' });
    writeNewFiles({ files: FILES, folder, shownFolder: 'evals', force: true });
    expect(readFileSync(join(folder, 'README.md'), 'utf8')).toBe('new readme');
  });

  it('refuses a target that is a file', () => {
    const parent = folderWith({ evals: 'not a folder' });
    const error = refusal(() =>
      writeNewFiles({
        files: FILES,
        folder: join(parent, 'evals'),
        shownFolder: 'evals',
        force: true,
      }),
    );
    expect(error.message).toMatch(/^evals exists and is not a folder\n/);
  });
});

describe('shownFolder', () => {
  it.each([
    ['evals/', 'evals'],
    ['./evals', 'evals'],
    ['', '.'],
    ['.', '.'],
    ['a//b/', 'a/b'],
    ['/', '/'],
  ])('shows %j as %j', (given, shown) => {
    expect(shownFolder(given)).toBe(shown);
  });
});
