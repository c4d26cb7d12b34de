import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isEndstateError } from '../core/index.js';
import type { EndstateError } from '../core/index.js';
import { readJsonLines } from './read-json-lines.js';

const ItemSchema = z.strictObject({ id: z.string(), label: z.string() });

function folderWith(content: string | Buffer): string {
  const cwd = mkdtempSync(join(tmpdir(), 'endstate-lines-'));
  writeFileSync(join(cwd, 'labels.jsonl'), content);
  return cwd;
}

function errorOf(run: () => unknown): EndstateError {
  try {
    run();
  } catch (error) {
    if (isEndstateError(error)) return error;
    throw error;
  }
  throw new Error('expected an EndstateError');
}

describe('readJsonLines', () => {
  it('reads each line against the schema, skipping blank lines', () => {
    const cwd = folderWith('{"id": "a", "label": "pass"}\n\n{"id": "b", "label": "fail"}\r\n');
    expect(readJsonLines('labels.jsonl', cwd, ItemSchema, { hint: 'h' })).toEqual([
      { value: { id: 'a', label: 'pass' }, line: 1 },
      { value: { id: 'b', label: 'fail' }, line: 3 },
    ]);
  });

  it('reads lines that cross the 64 KiB pieces the file is read in', () => {
    const items = Array.from({ length: 3000 }, (_, index) => ({
      id: `item-${index}`,
      label: 'x'.repeat(index % 97),
    }));
    const cwd = folderWith(items.map((item) => JSON.stringify(item)).join('\n'));
    const lines = readJsonLines('labels.jsonl', cwd, ItemSchema, { hint: 'h' });
    expect(lines.map((line) => line.value)).toEqual(items);
    expect(lines.at(-1)?.line).toBe(3000);
  });

  it('lists 20 problems of 1,000 bad lines and counts the other 980', () => {
    const cwd = folderWith(`${'not json\n'.repeat(1000)}`);
    const error = errorOf(() => readJsonLines('labels.jsonl', cwd, ItemSchema, { hint: 'h' }));
    expect(error.code).toBe('E_LABELS_INVALID');
    expect(error.problems).toHaveLength(20);
    expect(error.problems.map((problem) => problem.line)).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 1),
    );
    expect(error.unlistedProblems).toBe(980);
    expect(error.message).toContain('labels.jsonl:20: not JSON');
    expect(error.message).toContain('\n  … and 980 more problems\n');
  });

  it('refuses a line over the limit without holding it, and reads the lines after it', () => {
    const long = `{"id": "x", "label": "${'a'.repeat(4096)}"}`;
    const cwd = folderWith(`${long}\n{"id": "b", "label": 1}\n`);
    const error = errorOf(() =>
      readJsonLines('labels.jsonl', cwd, ItemSchema, { hint: 'h', maxLineBytes: 1024 }),
    );
    expect(error.problems).toEqual([
      {
        file: 'labels.jsonl',
        line: 1,
        message: `is 4.0 KiB (${long.length.toLocaleString('en-US')} bytes), longer than the 1 KiB (1,024 bytes) limit for one line, so it was not read`,
      },
      {
        file: 'labels.jsonl',
        line: 2,
        path: 'label',
        message: 'Invalid input: expected string, received number',
      },
    ]);
  });

  it('names the line and the byte offset in the file of bytes that are not UTF-8', () => {
    const cwd = folderWith(
      Buffer.concat([
        Buffer.from('{"id": "a", "label": "pass"}\n{"id": "'),
        Buffer.from([0xff]),
        Buffer.from('", "label": "x"}\n'),
      ]),
    );
    const error = errorOf(() => readJsonLines('labels.jsonl', cwd, ItemSchema, { hint: 'h' }));
    expect(error.problems).toEqual([
      {
        file: 'labels.jsonl',
        line: 2,
        message: 'is not valid UTF-8: byte 0xff at byte offset 37; save the file as UTF-8',
      },
    ]);
  });
});
