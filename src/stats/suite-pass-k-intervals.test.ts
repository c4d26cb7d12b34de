import { describe, expect, it } from 'vitest';
import { createRng } from '../core/index.js';
import { sampleBeta } from '../testing/sample-beta.js';
import { successRateInterval } from './success-rate-interval.js';
import { suitePassKIntervals } from './suite-pass-k-intervals.js';
import type { TaskTrialCounts } from './suite-pass-k.js';

/** E[p^k] of p ~ Beta(a, b): Π_{j<k} (a + j)/(a + b + j). */
function betaMoment(a: number, b: number, k: number): number {
  let product = 1;
  for (let j = 0; j < k; j += 1) product *= (a + j) / (a + b + j);
  return product;
}

describe('suitePassKIntervals', () => {
  it('equals the success-rate interval at k = 1', () => {
    const tasks = [
      { n: 4, c: 4 },
      { n: 4, c: 1 },
      { n: 6, c: 3 },
    ];
    const success = successRateInterval(tasks.map(({ n, c }) => ({ successes: c, trials: n })));
    const { passHatK, passAtK } = suitePassKIntervals(tasks);
    for (const interval of [passHatK[1]!, passAtK[1]!]) {
      expect(interval.lower).toBeCloseTo(success.lower, 14);
      expect(interval.upper).toBeCloseTo(success.upper, 14);
    }
  });

  it('gives an interval for every k up to the smallest trial count, never a point', () => {
    const { passHatK } = suitePassKIntervals([
      { n: 3, c: 3 },
      { n: 3, c: 3 },
    ]);
    expect(Object.keys(passHatK)).toEqual(['1', '2', '3']);
    for (const interval of Object.values(passHatK)) {
      expect(interval.upper).toBe(1);
      expect(interval.lower).toBeLessThan(1);
    }
  });

  it('throws a RangeError naming the task with impossible counts or the bad level', () => {
    expect(() =>
      suitePassKIntervals([
        { n: 4, c: 2 },
        { n: 3.5, c: 1 },
      ]),
    ).toThrow(
      new RangeError(
        'suitePassKIntervals: tasks[1].n is 3.5; it must be a whole number, 0 or more',
      ),
    );
    expect(() => suitePassKIntervals([{ n: 4, c: 2 }], { level: 0 })).toThrow(
      'suitePassKIntervals: options.level is 0;',
    );
  });

  it('gives no intervals, not an error, when a task has no trials', () => {
    expect(
      suitePassKIntervals([
        { n: 4, c: 2 },
        { n: 0, c: 0 },
      ]),
    ).toEqual({ passAtK: {}, passHatK: {} });
  });

  it('covers the true pass^k and pass@k of Beta-distributed task rates', () => {
    // 20 tasks × 8 trials, rates from Beta(4, 2): pass^4 = E[p^4] = 840/3024,
    // pass@4 = 1 − E[(1 − p)^4] = 1 − 120/3024.
    const rng = createRng(4);
    const truthHat = betaMoment(4, 2, 4);
    const truthAt = 1 - betaMoment(2, 4, 4);
    expect(truthHat).toBeCloseTo(840 / 3024, 12);
    const suites = 1500;
    let coveredHat = 0;
    let coveredAt = 0;
    for (let suite = 0; suite < suites; suite += 1) {
      const tasks: TaskTrialCounts[] = Array.from({ length: 20 }, () => {
        const rate = sampleBeta(rng, 4, 2);
        let c = 0;
        for (let trial = 0; trial < 8; trial += 1) if (rng.next() < rate) c += 1;
        return { n: 8, c };
      });
      const { passHatK, passAtK } = suitePassKIntervals(tasks);
      const hat = passHatK[4]!;
      const at = passAtK[4]!;
      if (hat.lower <= truthHat && truthHat <= hat.upper) coveredHat += 1;
      if (at.lower <= truthAt && truthAt <= at.upper) coveredAt += 1;
    }
    expect(coveredHat / suites).toBeGreaterThanOrEqual(0.92);
    expect(coveredAt / suites).toBeGreaterThanOrEqual(0.92);
  });
});
