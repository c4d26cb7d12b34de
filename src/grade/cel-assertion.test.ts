import { describe, expect, it } from 'vitest';
import { CEL_LIMITS } from '../core/index.js';
import { ExpectSchema } from '../schema/index.js';
import type { StateSnapshot } from '../state/index.js';
import { evaluateAssertion } from './cel-assertion.js';
import { GraderError } from './grader-error.js';
import { gradeOutcome } from './outcome.js';
import { createFinalStateView } from './state-view.js';

/** A state with `count` orders. */
function orders(count: number): StateSnapshot {
  const records: Record<string, { id: string; total_cents: number }> = {};
  for (let index = 0; index < count; index++)
    records[String(index)] = { id: String(index), total_cents: index };
  return { orders: records };
}

// Every pair of orders: 1,100² = 1.21 million reads of sT.orders, past the budget.
const PAIRS = 'sT.orders.all(a, sT.orders.all(b, a.id == b.id || a.total_cents != b.total_cents))';

describe('evaluateAssertion', () => {
  it('evaluates a nested comprehension within the read budget', () => {
    const s0 = orders(300);
    expect(300 * 300).toBeLessThan(CEL_LIMITS.maxStateReads);
    expect(evaluateAssertion(PAIRS, s0, createFinalStateView(s0, {}))).toEqual({
      type: 'value',
      pass: true,
    });
  });

  it('stops an evaluation that reads more records than the budget, naming the limit', () => {
    const s0 = orders(1100);
    expect(evaluateAssertion(PAIRS, s0, createFinalStateView(s0, {}))).toEqual({
      type: 'error',
      message: expect.stringMatching(
        /^read more than 1000000 records of the state, the CEL evaluation limit/,
      ) as string,
    });
  });

  it('counts entries listed from an id map as reads', () => {
    const s0 = orders(1100);
    const result = evaluateAssertion(
      'sT_by_id.orders.all(a, s0_by_id.orders.all(b, a != "x" || b != "y"))',
      s0,
      createFinalStateView(s0, {}),
    );
    expect(result.type === 'error' && result.message).toMatch(/^read more than 1000000 records/);
  });

  it('reports an assertion past a static limit as an error, not a value', () => {
    const s0 = orders(2);
    const result = evaluateAssertion(
      'sT.orders.all(a, sT.orders.all(b, sT.orders.all(c, true)))',
      s0,
      createFinalStateView(s0, {}),
    );
    expect(result.type === 'error' && result.message).toMatch(/^nests comprehensions 3 deep/);
  });

  it('makes a trial whose assertion exceeds the budget a grader failure naming the check and expression', () => {
    const s0 = orders(1100);
    const grade = () =>
      gradeOutcome({
        expect: ExpectSchema.parse({ assert: [PAIRS], unchanged: 'ignore' }),
        s0,
        diff: {},
      });
    expect(grade).toThrow(GraderError);
    try {
      grade();
    } catch (error) {
      expect((error as GraderError).checkId).toBe('expect.assert[0]');
      expect((error as GraderError).message).toContain(
        `expect.assert[0]: ${PAIRS}: read more than`,
      );
    }
  });
});
