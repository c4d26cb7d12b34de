import { describe, expect, it } from 'vitest';
import { parseTaskFile } from './parse-task-file.js';

// zodProblems, as parseTaskFile calls it with the task file schema.
describe('unknown fields in a task file', () => {
  const TASK = [
    'id: a',
    'revision: 1',
    'environment: support',
    'clock: 2026-10-05T09:00:00Z',
    'user:',
    '  instruction: Refund order 8842.',
    'expect:',
    '  changes: []',
    'communicate: [refunded]',
    '',
  ].join('\n');

  it('a key dedented out of its block says where it belongs', () => {
    const parsed = parseTaskFile(TASK, 'tasks/a.yaml');
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problems).toEqual([
      {
        file: 'tasks/a.yaml',
        line: 9,
        column: 1,
        path: 'communicate',
        message: 'unknown field "communicate": did you mean `expect.communicate`?',
      },
    ]);
  });

  it('a misspelt key names the known one', () => {
    const parsed = parseTaskFile(
      TASK.replace('expect:', 'expct:').replace('communicate:', '  communicate:'),
      'tasks/a.yaml',
    );
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problems).toContainEqual(
      expect.objectContaining({
        path: 'expct',
        message: 'unknown field "expct": did you mean `expect`?',
      }),
    );
  });
});
