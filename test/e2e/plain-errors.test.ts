import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyExample, runCliHere } from './run-cli.js';

const TASK = 'support/tasks/address-change-out-of-scope.yaml';

/** The support example with one task file's text changed by `edit`. */
function suiteWith(edit: (text: string) => string): string {
  const cwd = copyExample('support');
  const file = join(cwd, TASK);
  const text = readFileSync(file, 'utf8');
  const edited = edit(text);
  expect(edited).not.toBe(text);
  writeFileSync(file, edited);
  return cwd;
}

/** The problem lines of an error (indented under its summary). */
const problemLines = (stderr: string): string[] =>
  stderr.split('\n').filter((line) => line.startsWith('  '));

describe('validate reports mistakes in a suite file in plain words', () => {
  it('an indentation slip: one message with its line and text, no parser code, exit 2', async () => {
    // `clock:` indented under `environment: support`, as if it were nested in it.
    const cwd = suiteWith((text) => text.replace(/^clock:/m, '    clock:'));
    const line =
      readFileSync(join(cwd, TASK), 'utf8').split('\n').indexOf('    clock: 2026-10-05T09:00:00Z') +
      1;
    const result = await runCliHere(['validate', 'support'], cwd);
    expect(result.code).toBe(2);
    expect(problemLines(result.stderr)).toEqual([
      `  tasks/address-change-out-of-scope.yaml:${line}:5: a key is indented deeper than the key before it: \`clock: 2026-10-05T09:00:00Z\`. Line it up with the key above it; to nest it under that key, leave that key without a value of its own.`,
    ]);
    expect(result.stderr).not.toMatch(/[A-Z]+_[A-Z_]+\)|fields named above/);
  });

  it('a key dedented out of its block: did you mean the field in that block', async () => {
    const cwd = suiteWith((text) =>
      text.replace('  communicate: [shipping', 'communicate: [shipping'),
    );
    const result = await runCliHere(['validate', 'support'], cwd);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /tasks\/address-change-out-of-scope\.yaml:\d+:1 communicate: unknown field "communicate": did you mean `expect\.communicate`\?/,
    );
    expect(result.stderr).toContain('Fix the fields named above');
  });
});
