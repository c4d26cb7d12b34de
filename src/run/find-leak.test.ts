import { describe, expect, it } from 'vitest';
import type { TrialRecord } from '../schema/index.js';
import { buildTrialRecord, buildGrades } from '../testing/index.js';
import { findLeak } from './find-leak.js';

const play = (overrides: Partial<TrialRecord> = {}): TrialRecord =>
  buildTrialRecord({ task_id: 't', attempt: 1, success: true, ...overrides });

const result = (t_ms: number, result: unknown, duration_ms = 1): TrialRecord['events'][number] =>
  ({
    kind: 'tool_result',
    t_ms,
    call_id: 'c1',
    tool: 'get_order',
    ok: true,
    result,
    duration_ms,
  }) as never;

describe('findLeak', () => {
  it('ignores timings', () => {
    expect(
      findLeak(play({ events: [result(1, { a: 1 })] }), play({ events: [result(9, { a: 1 }, 7)] })),
    ).toBe(undefined);
  });

  it('names a tool result that changed, second vs first', () => {
    expect(
      findLeak(
        play({ events: [result(1, { a: [1, 2] })] }),
        play({ events: [result(1, { a: [1, 3] })] }),
      ),
    ).toBe('tool result of call 1 (get_order): a[1] 3 vs 2');
  });

  it('names a record one play added and the other did not', () => {
    const added = { orders: { 'O-1': { before: null, after: { item: 'mug' } } } };
    expect(findLeak(play(), play({ state_diff: added }))).toBe(
      'state orders/O-1: {"item":"mug"} vs absent',
    );
  });

  it('names a different end, then a different grade', () => {
    expect(
      findLeak(play(), play({ exit_reason: 'tool_crash', error: 'tool x crashed: boom' })),
    ).toBe('exit tool_crash vs finished (tool x crashed: boom)');
    const check = (pass: boolean) => ({
      id: 'expect.changes[0]',
      kind: 'set',
      pass,
      message: '',
      evidence: null,
    });
    expect(
      findLeak(
        play({ grades: buildGrades({ outcome: [check(true)] }) }),
        play({ grades: buildGrades({ outcome: [check(false)] }) }),
      ),
    ).toBe('grade expect.changes[0]: failed vs passed');
  });
});
