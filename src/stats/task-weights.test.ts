import { describe, expect, it } from 'vitest';
import { createRng } from '../core/index.js';
import type { Rng } from '../core/index.js';
import { sampleBeta } from '../testing/sample-beta.js';
import { taskMeanInterval } from './task-mean-interval.js';
import { weightedSpread } from './weighted-spread.js';
import { successRateInterval } from './success-rate-interval.js';
import type { SuccessCounts } from './success-rate-interval.js';
import { suitePassK } from './suite-pass-k.js';
import { suitePassKIntervals } from './suite-pass-k-intervals.js';

const counts: SuccessCounts[] = [
  { successes: 4, trials: 4 },
  { successes: 1, trials: 4 },
  { successes: 2, trials: 4 },
  { successes: 0, trials: 4 },
];

describe('task weights', () => {
  it('equal weights reproduce the unweighted figures exactly', () => {
    for (const weight of [1, 2, 0.5]) {
      const weighted = counts.map((task) => ({ ...task, weight }));
      expect(successRateInterval(weighted)).toEqual(successRateInterval(counts));
      const perTask = counts.map(({ successes, trials }) => ({ n: trials, c: successes }));
      const perTaskWeighted = perTask.map((task) => ({ ...task, weight }));
      expect(suitePassK(perTaskWeighted)).toEqual(suitePassK(perTask));
      expect(suitePassKIntervals(perTaskWeighted)).toEqual(suitePassKIntervals(perTask));
    }
  });

  it('gives the weighted mean of a hand-computed example', () => {
    // Rates 1, 0.25, 0.5, 0 with weights 3, 1, 2, 2: (3 + 0.25 + 1 + 0) / 8 = 0.53125.
    const weights = [3, 1, 2, 2];
    const weighted = counts.map((task, i) => ({ ...task, weight: weights[i]! }));
    expect(successRateInterval(weighted).value).toBe(0.53125);
    // pass^2 per task: C(c,2)/C(4,2) = 1, 0, 1/6, 0: (3 + 0 + 2/6 + 0) / 8.
    const passK = suitePassK(
      weighted.map((t) => ({ n: t.trials, c: t.successes, weight: t.weight })),
    );
    expect(passK.passHatK[2]).toBeCloseTo((3 + 2 / 6) / 8, 14);
    // pass@2: 1 − C(n−c,2)/C(4,2) = 1, 1/2, 5/6, 0.
    expect(passK.passAtK[2]).toBeCloseTo((3 + 0.5 + 2 * (5 / 6)) / 8, 14);
  });

  it('counts a task of weight 2 in the value like the same task listed twice', () => {
    const doubled = [counts[0]!, ...counts];
    const weighted = counts.map((task, i) => ({ ...task, weight: i === 0 ? 2 : 1 }));
    expect(successRateInterval(weighted).value).toBeCloseTo(successRateInterval(doubled).value, 14);
  });

  it('computes the weighted spread by its formula, and an interval that only the ratios of weights move', () => {
    const estimates = [1, 0.25, 0.5, 0];
    const weights = [3, 1, 2, 2];
    // Shares 3/8, 1/8, 2/8, 2/8; mean 0.53125.
    const shares = [3 / 8, 1 / 8, 2 / 8, 2 / 8];
    const value = 0.53125;
    const variance =
      (4 / 3) * estimates.reduce((sum, v, i) => sum + shares[i]! ** 2 * (v - value) ** 2, 0);
    const kishTasks = 1 / shares.reduce((sum, p) => sum + p * p, 0); // 64/18 = 3.56
    expect(weightedSpread(estimates, weights)).toEqual({
      value,
      varianceOfMean: expect.closeTo(variance, 15) as number,
      effectiveTasks: expect.closeTo(64 / 18, 14) as number,
    });
    expect(kishTasks).toBeCloseTo(3.56, 2);
    const interval = taskMeanInterval(estimates, { maxEffectiveTrials: 1000, weights });
    const scaled = taskMeanInterval(estimates, {
      maxEffectiveTrials: 1000,
      weights: weights.map((weight) => weight * 7.5),
    });
    expect(interval.value).toBeCloseTo(value, 14);
    expect(scaled.lower).toBeCloseTo(interval.lower, 12);
    expect(scaled.upper).toBeCloseTo(interval.upper, 12);
    expect(interval.lower).toBeLessThan(value);
    expect(interval.upper).toBeGreaterThan(value);
  });

  it('refuses a weight that is not above 0 in every weighted estimator', () => {
    expect(() => taskMeanInterval([0.5, 0.2], { maxEffectiveTrials: 8, weights: [1, 0] })).toThrow(
      'taskMeanInterval: options.weights[1] is 0;',
    );
    const perTask = [
      { n: 4, c: 2 },
      { n: 4, c: 3, weight: 0 },
    ];
    expect(() => suitePassK(perTask)).toThrow(
      new RangeError(
        "suitePassK: tasks[1].weight is 0; a task's weight must be a finite number above 0",
      ),
    );
    expect(() => suitePassKIntervals(perTask)).toThrow(
      'suitePassKIntervals: tasks[1].weight is 0;',
    );
  });
});

/**
 * A suite where heavy tasks are harder: weight 1 (60% of tasks, rates
 * Beta(4, 1), mean 0.8) or weight 4 (40%, Beta(1, 1.5), mean 0.4). The
 * target is the weighted mean over the population of tasks:
 * (0.6·1·0.8 + 0.4·4·0.4) / (0.6·1 + 0.4·4) = 1.12 / 2.2.
 */
const TRUTH = (0.6 * 0.8 + 0.4 * 4 * 0.4) / (0.6 + 0.4 * 4);

function simulateSuite(rng: Rng, tasks: number, trials: number): SuccessCounts[] {
  return Array.from({ length: tasks }, () => {
    const isHeavy = rng.next() < 0.4;
    const rate = isHeavy ? sampleBeta(rng, 1, 1.5) : sampleBeta(rng, 4, 1);
    let successes = 0;
    for (let trial = 0; trial < trials; trial += 1) if (rng.next() < rate) successes += 1;
    return { successes, trials, weight: isHeavy ? 4 : 1 };
  });
}

function coverage(
  tasks: number,
  trials: number,
  interval: (counts: SuccessCounts[]) => { lower: number; upper: number },
): number {
  const rng = createRng(20261202);
  const suites = 1500;
  let covered = 0;
  for (let suite = 0; suite < suites; suite += 1) {
    const { lower, upper } = interval(simulateSuite(rng, tasks, trials));
    if (lower <= TRUTH && TRUTH <= upper) covered += 1;
  }
  return covered / suites;
}

describe('weighted success-rate interval coverage (1500 simulated suites per design)', () => {
  it.each([
    [15, 4],
    [30, 2],
    [60, 8],
  ])(
    'covers the weighted mean rate in at least 92 percent of suites: %i tasks × %i trials',
    (tasks, trials) => {
      expect(coverage(tasks, trials, successRateInterval)).toBeGreaterThanOrEqual(0.92);
    },
  );

  it('is a check that fails an interval that ignores the weights', () => {
    const unweighted = (suite: SuccessCounts[]) =>
      successRateInterval(suite.map(({ successes, trials }) => ({ successes, trials })));
    expect(coverage(60, 8, unweighted)).toBeLessThan(0.5);
  });
});
