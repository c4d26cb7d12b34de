import { describe, expect, it } from 'vitest';
import type { TrialRecord } from '../../schema/index.js';
import { buildTrialRecord } from '../../testing/index.js';
import { costPerSuccessInterval } from './cost-per-success-interval.js';

function costing(
  taskId: string,
  attempt: number,
  costUsd: number,
  overrides: Partial<TrialRecord> = {},
): TrialRecord {
  const base = buildTrialRecord({ task_id: taskId, attempt, ...overrides });
  return { ...base, usage: { ...base.usage, cost_usd: costUsd } };
}

describe('costPerSuccessInterval', () => {
  it('spans the two tasks’ own costs per success, invalid attempts’ spend included', () => {
    // Task a: 0.5 + 0.5 = $1 for 1 success → $1. Task b: 1 + 1.5 (invalid) + 0.5 = $3 for 1 → $3.
    // Two tasks: the resamples give 1, 2 or 3 and the expanded interval spans [1, 3].
    const trials = [
      costing('a', 1, 0.5, { success: true }),
      costing('a', 2, 0.5),
      costing('b', 1, 1),
      costing('b', 2, 1.5, { valid: false }),
      costing('b', 2, 0.5, { rerun: 1, success: true }),
    ];
    expect(costPerSuccessInterval(trials, 3)).toEqual([1, 3]);
  });

  it('is null when nothing succeeded', () => {
    expect(costPerSuccessInterval([costing('a', 1, 1), costing('b', 1, 1)], 3)).toBeNull();
  });

  it('has NaN bounds with a single task', () => {
    const [lower, upper] = costPerSuccessInterval([costing('a', 1, 1, { success: true })], 3) ?? [];
    expect(lower).toBeNaN();
    expect(upper).toBeNaN();
  });
});
