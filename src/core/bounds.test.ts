import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  BOUNDS,
  MAX_INPUT_FILE_BYTES,
  MAX_JSON_LINE_BYTES,
  describeBytes,
  describeRange,
  rangeProblem,
} from './bounds.js';

/** The "## Bounds" section of docs/cli.md, up to the next section. */
function boundsSection(): string {
  const cli = readFileSync(new URL('../../docs/cli.md', import.meta.url), 'utf8');
  const start = cli.indexOf('\n## Bounds\n');
  if (start === -1) throw new Error('docs/cli.md has no "## Bounds" section');
  const end = cli.indexOf('\n## ', start + 1);
  return cli.slice(start, end === -1 ? undefined : end);
}

describe('BOUNDS', () => {
  it('lists every bound in the "Bounds" table of docs/cli.md', () => {
    const table = boundsSection();
    for (const range of Object.values(BOUNDS)) {
      const name = range.name === 'tasks × --trials' ? 'tasks × `--trials`' : `\`${range.name}\``;
      expect(table, range.name).toContain(`| ${name}`);
    }
  });

  it('keeps each default inside its range', () => {
    for (const range of Object.values(BOUNDS)) {
      if ('default' in range)
        expect(rangeProblem(range, range.default), range.name).toBeUndefined();
    }
  });

  it('says what was given and what is allowed', () => {
    expect(rangeProblem(BOUNDS.concurrency, 10_000_000)).toBe(
      '--concurrency: expected a whole number from 1 to 1024; got 10000000',
    );
    expect(rangeProblem(BOUNDS.timeoutS, 0)).toMatch(/above 0 and at most 86400 s/);
    expect(rangeProblem(BOUNDS.seed, 1.5)).toMatch(/whole number/);
    expect(rangeProblem(BOUNDS.seed, Number.NaN)).toMatch(/got NaN/);
    expect(describeRange(BOUNDS.maxLineBytes)).toBe('a whole number from 1024 to 268435456 bytes');
  });

  it('documents the size bounds of input files in docs/cli.md and the task format', () => {
    const table = boundsSection();
    const format = readFileSync(new URL('../../docs/task-format.md', import.meta.url), 'utf8');
    expect([MAX_INPUT_FILE_BYTES, MAX_JSON_LINE_BYTES].map(describeBytes)).toEqual([
      '4 MiB (4,194,304 bytes)',
      '4 MiB (4,194,304 bytes)',
    ]);
    expect(table).toContain('| a file read whole | up to 4 MiB |');
    expect(table).toContain('| a line of a JSON-lines file | up to 4 MiB |');
    expect(format).toContain('is at most 4 MiB (4,194,304 bytes; `MAX_INPUT_FILE_BYTES`');
    expect(format).toContain('each line at most 4 MiB (`MAX_JSON_LINE_BYTES`)');
  });

  it('describes a size in bytes as people read it and exactly', () => {
    expect(describeBytes(1)).toBe('1 byte');
    expect(describeBytes(1000)).toBe('1,000 bytes');
    expect(describeBytes(1536)).toBe('1.5 KiB (1,536 bytes)');
    expect(describeBytes(5 * 1024 * 1024)).toBe('5 MiB (5,242,880 bytes)');
    expect(describeBytes(40_000_000)).toBe('38.1 MiB (40,000,000 bytes)');
  });
});
