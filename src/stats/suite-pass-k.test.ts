import { describe, expect, it } from 'vitest';
import { expectClose, statsReference } from '../../test/support/stats-reference.js';
import { suitePassK } from './suite-pass-k.js';

describe('suitePassK', () => {
  it('matches the reference suite pass^k example', () => {
    const example = statsReference.pass_hat_k_suite_example;
    const suite = suitePassK(example.tasks);
    expect(Object.keys(suite.passHatK)).toEqual(Object.keys(example.pass_hat_k));
    for (const [k, expected] of Object.entries(example.pass_hat_k)) {
      expectClose(suite.passHatK[Number(k)], expected);
    }
  });

  it('gives pass^1..4 = 0.75, 0.5833, 0.5, 0.5 for tasks at 4/4 and 2/4 (worked by hand)', () => {
    // Task 1: C(4,k)/C(4,k) = 1. Task 2: C(2,k)/C(4,k) = 1/2, 1/6, 0, 0. Suite: their means.
    const suite = suitePassK([
      { n: 4, c: 4 },
      { n: 4, c: 2 },
    ]);
    expect(suite.maxK).toBe(4);
    expect(suite.passHatK[1]).toBeCloseTo(0.75, 12);
    expect(Math.abs((suite.passHatK[2] ?? Number.NaN) - 0.5833)).toBeLessThan(1e-4);
    expect(suite.passHatK[3]).toBeCloseTo(0.5, 12);
    expect(suite.passHatK[4]).toBeCloseTo(0.5, 12);
  });

  it('gives pass@1..4 = 0.75, 0.9167, 1, 1 for tasks at 4/4 and 2/4 (worked by hand)', () => {
    // Task 2: 1 − C(2,k)/C(4,k) = 1/2, 5/6, 1, 1; task 1 is always 1.
    const suite = suitePassK([
      { n: 4, c: 4 },
      { n: 4, c: 2 },
    ]);
    expectClose(suite.passAtK[1], 0.75);
    expectClose(suite.passAtK[2], 11 / 12);
    expectClose(suite.passAtK[3], 1);
    expectClose(suite.passAtK[4], 1);
  });

  it('averages per-task values instead of raising the pooled rate to the power k', () => {
    const suite = suitePassK([
      { n: 8, c: 8 },
      { n: 8, c: 0 },
    ]);
    // Pooled rate 0.5 would give 0.5^8 ≈ 0.004; half the tasks always pass.
    expectClose(suite.passHatK[8], 0.5);
  });

  it('weighs every task equally whatever its number of trials', () => {
    const suite = suitePassK([
      { n: 20, c: 20 },
      { n: 4, c: 0 },
    ]);
    // Pooled over trials the rate would be 20/24; per task it is (1 + 0)/2.
    expectClose(suite.passAtK[1], 0.5);
    expectClose(suite.passHatK[1], 0.5);
  });

  it('goes up to the smallest number of trials of any task', () => {
    const suite = suitePassK([
      { n: 5, c: 3 },
      { n: 3, c: 1 },
      { n: 8, c: 8 },
    ]);
    expect(suite.maxK).toBe(3);
    expect(Object.keys(suite.passAtK)).toEqual(['1', '2', '3']);
    expect(Object.keys(suite.passHatK)).toEqual(['1', '2', '3']);
  });

  it('has maxK 0 and empty records when there are no tasks', () => {
    expect(suitePassK([])).toEqual({ maxK: 0, passAtK: {}, passHatK: {} });
  });

  it('has maxK 0 and empty records when some task has no trials', () => {
    expect(
      suitePassK([
        { n: 4, c: 2 },
        { n: 0, c: 0 },
      ]),
    ).toEqual({ maxK: 0, passAtK: {}, passHatK: {} });
  });

  it('throws a RangeError naming the task with impossible counts', () => {
    expect(() =>
      suitePassK([
        { n: 4, c: 2 },
        { n: 4, c: 5 },
      ]),
    ).toThrow(
      new RangeError(
        'suitePassK: tasks[1].c is 5; it must be a whole number from 0 to tasks[1].n (4)',
      ),
    );
    expect(() => suitePassK([{ n: -1, c: 0 }])).toThrow(
      'suitePassK: tasks[0].n is -1; it must be a whole number, 0 or more',
    );
  });
});
