import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_INPUT_FILE_BYTES } from '../core/index.js';
import { readInputFile, readInputFileOrThrow } from './read-input-file.js';

function fileOf(bytes: number): string {
  const path = join(mkdtempSync(join(tmpdir(), 'endstate-input-')), 'task.yaml');
  writeFileSync(path, Buffer.alloc(bytes, 'a'));
  return path;
}

describe('readInputFile', () => {
  it('reads a file of exactly the limit whole', () => {
    const read = readInputFile(fileOf(MAX_INPUT_FILE_BYTES), {
      file: 'task.yaml',
      fix: 'split it',
    });
    expect(read.type === 'read' && read.bytes.length).toBe(MAX_INPUT_FILE_BYTES);
  });

  it('refuses a file one byte over the limit, naming its size, the limit and the fix', () => {
    const read = readInputFile(fileOf(MAX_INPUT_FILE_BYTES + 1), {
      file: 'tasks/big.yaml',
      fix: 'split it into smaller tasks',
    });
    expect(read).toEqual({
      type: 'too-large',
      problem: {
        file: 'tasks/big.yaml',
        message:
          'is 4.0 MiB (4,194,305 bytes), over the 4 MiB (4,194,304 bytes) limit for a file read whole, so it was not parsed: split it into smaller tasks',
      },
    });
  });

  it('stops one byte past the limit when the size is not known in advance', () => {
    // /dev/zero says its size is 0 and never ends.
    const read = readInputFile('/dev/zero', { file: 'zero', fix: 'pass a file', maxBytes: 1024 });
    expect(read.type === 'too-large' && read.problem.message).toBe(
      'is over the 1 KiB (1,024 bytes) limit for a file read whole, so it was not parsed: pass a file',
    );
  });

  it('throws the given code naming the file when asked to', () => {
    expect(() =>
      readInputFileOrThrow(fileOf(2048), {
        file: 'faults.yaml',
        what: 'faults file',
        code: 'E_FAULTS_INVALID',
        fix: 'shorten it',
        maxBytes: 1024,
      }),
    ).toThrow(
      'faults file faults.yaml is too large to read\n  faults.yaml: is 2 KiB (2,048 bytes), over the 1 KiB (1,024 bytes) limit',
    );
  });
});
