import betaQuantile from '@stdlib/stats-base-dists-beta-quantile';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRng, deriveSeed } from '../core/index.js';
import { quantileSelect } from './quantile-select.js';
import { successRateInterval } from './success-rate-interval.js';
import { suitePassKIntervals } from './suite-pass-k-intervals.js';
import type { SuccessCounts } from './success-rate-interval.js';
import { TASK_MEAN_RESAMPLES, taskMeanInterval, taskMeanIntervals } from './task-mean-interval.js';
import { wilsonInterval } from './wilson-interval.js';

/** Every multiset of `tasks` success counts out of `trials`, or `limit` random ones when there are more. */
function layouts(tasks: number, trials: number, limit: number): number[][] {
  const all: number[][] = [];
  const walk = (prefix: number[], from: number) => {
    if (all.length > limit) return;
    if (prefix.length === tasks) {
      all.push(prefix);
      return;
    }
    for (let k = from; k <= trials; k += 1) walk([...prefix, k], k);
  };
  walk([], 0);
  if (all.length <= limit) return all;
  const rng = createRng(tasks * 100 + trials);
  return Array.from({ length: limit }, () =>
    Array.from({ length: tasks }, () => rng.int(0, trials)).sort((a, b) => a - b),
  );
}

describe('taskMeanInterval', () => {
  it('gives Beta quantiles between Jeffreys and Clopper-Pearson for one trial per task', () => {
    // Lower: Beta(k + ½, m − k + 1) at 2.5%; upper: Beta(k + 1, m − k + ½) at 97.5%.
    for (const [k, m] of [
      [7, 10],
      [3, 5],
      [18, 20],
      [20, 20],
      [0, 12],
      [25, 50],
    ] as const) {
      const estimates = Array.from({ length: m }, (_, i) => (i < k ? 1 : 0));
      const interval = taskMeanInterval(estimates, { maxEffectiveTrials: m });
      const exact = (q: number, a: number, b: number) => ({
        value: betaQuantile(q, a, b),
        // Standard error of a q-quantile of 4000 draws: √(q(1 − q)/4000)·dQ/dq.
        error:
          Math.sqrt((q * (1 - q)) / TASK_MEAN_RESAMPLES) *
          ((betaQuantile(q + 1e-4, a, b) - betaQuantile(q - 1e-4, a, b)) / 2e-4),
      });
      const lower = exact(0.025, k + 0.5, m - k + 1);
      const upper = exact(0.975, k + 1, m - k + 0.5);
      expect(Math.abs(interval.lower - Math.min(k / m, lower.value))).toBeLessThan(4 * lower.error);
      expect(Math.abs(interval.upper - Math.max(k / m, upper.value))).toBeLessThan(4 * upper.error);
      expect(interval.method).toBe('pseudo-task-bootstrap');
    }
  });

  it('is the Wilson interval of the trials for one task', () => {
    const interval = taskMeanInterval([0.75], { maxEffectiveTrials: 4 });
    expect(interval).toMatchObject({ method: 'wilson-single-task', ...wilsonInterval(3, 4) });
  });

  it('never lowers a bound when a failed trial becomes a success, in every layout up to 10 tasks × 8 trials', () => {
    let checked = 0;
    for (let tasks = 2; tasks <= 10; tasks += 1) {
      for (let trials = 1; trials <= 8; trials += 1) {
        for (const counts of layouts(tasks, trials, 150)) {
          const bounds = (ks: readonly number[]) =>
            taskMeanInterval(
              ks.map((k) => k / trials),
              { maxEffectiveTrials: tasks * trials, resamples: 200 },
            );
          const before = bounds(counts);
          for (const task of new Set(counts.map((k, i) => (k < trials ? i : -1)))) {
            if (task < 0) continue;
            const after = bounds(counts.map((k, i) => (i === task ? k + 1 : k)));
            expect(after.lower).toBeGreaterThanOrEqual(before.lower - 1e-12);
            expect(after.upper).toBeGreaterThanOrEqual(before.upper - 1e-12);
            checked += 1;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(20_000);
  });

  it('stays monotone with unequal trials and weights, at full size', () => {
    const task = fc.record({
      trials: fc.integer({ min: 1, max: 12 }),
      successes: fc.integer({ min: 0, max: 12 }),
      weight: fc.double({ min: 0.1, max: 10, noNaN: true }),
    });
    fc.assert(
      fc.property(fc.array(task, { minLength: 2, maxLength: 60 }), fc.nat(), (raw, pick) => {
        const counts: SuccessCounts[] = raw.map((t) => ({
          ...t,
          successes: Math.min(t.successes, t.trials),
        }));
        const open = counts.flatMap((t, i) => (t.successes < t.trials ? [i] : []));
        fc.pre(open.length > 0);
        const flip = open[pick % open.length]!;
        const before = successRateInterval(counts);
        const after = successRateInterval(
          counts.map((t, i) => (i === flip ? { ...t, successes: t.successes + 1 } : t)),
        );
        expect(after.lower).toBeGreaterThanOrEqual(before.lower - 1e-12);
        expect(after.upper).toBeGreaterThanOrEqual(before.upper - 1e-12);
      }),
      { numRuns: 150 },
    );
  });

  it('keeps pass@k and pass^k bounds monotone for every k', () => {
    const trials = 6;
    const task = fc.integer({ min: 0, max: trials });
    fc.assert(
      fc.property(fc.array(task, { minLength: 2, maxLength: 25 }), fc.nat(), (successes, pick) => {
        const open = successes.flatMap((c, i) => (c < trials ? [i] : []));
        fc.pre(open.length > 0);
        const flip = open[pick % open.length]!;
        const before = suitePassKIntervals(successes.map((c) => ({ n: trials, c })));
        const after = suitePassKIntervals(
          successes.map((c, i) => ({ n: trials, c: i === flip ? c + 1 : c })),
        );
        for (let k = 1; k <= trials; k += 1) {
          for (const figure of ['passAtK', 'passHatK'] as const) {
            expect(after[figure][k]!.lower).toBeGreaterThanOrEqual(
              before[figure][k]!.lower - 1e-12,
            );
            expect(after[figure][k]!.upper).toBeGreaterThanOrEqual(
              before[figure][k]!.upper - 1e-12,
            );
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it('has no jump at 100%: the audit cases', () => {
    for (const tasks of [10, 20]) {
      const all = Array.from({ length: tasks }, () => ({ successes: 8, trials: 8 }));
      const oneFailure = [...all.slice(1), { successes: 7, trials: 8 }];
      const top = successRateInterval(all);
      const below = successRateInterval(oneFailure);
      expect(top.lower).toBeGreaterThanOrEqual(below.lower);
      expect(top.lower - below.lower).toBeLessThan(0.02);
      const none = successRateInterval(all.map(() => ({ successes: 0, trials: 8 })));
      const oneSuccess = successRateInterval([
        ...all.slice(1).map(() => ({ successes: 0, trials: 8 })),
        { successes: 1, trials: 8 },
      ]);
      expect(oneSuccess.upper).toBeGreaterThanOrEqual(none.upper);
      expect(oneSuccess.upper - none.upper).toBeLessThan(0.02);
    }
  });

  it('weighs equal weights as no weights and refuses bad ones', () => {
    const estimates = [1, 0.25, 0.625, 0.5];
    const plain = taskMeanInterval(estimates, { maxEffectiveTrials: 32 });
    const doubled = taskMeanInterval(estimates, { maxEffectiveTrials: 32, weights: [2, 2, 2, 2] });
    expect(doubled.lower).toBeCloseTo(plain.lower, 12);
    expect(doubled.upper).toBeCloseTo(plain.upper, 12);
    expect(() =>
      taskMeanInterval(estimates, { maxEffectiveTrials: 32, weights: [1, 1, 1, 0] }),
    ).toThrow(
      new RangeError(
        "taskMeanInterval: options.weights[3] is 0; a task's weight must be a finite number above 0",
      ),
    );
    expect(() =>
      taskMeanInterval(estimates, { maxEffectiveTrials: 32, weights: [1, 1, 1, Number.NaN] }),
    ).toThrow('taskMeanInterval: options.weights[3] is NaN;');
    expect(() =>
      taskMeanInterval(estimates, { maxEffectiveTrials: 32, weights: [1, 1, 1] }),
    ).toThrow(
      'taskMeanInterval: options.weights.length is 3; give one weight per entry of estimates (4)',
    );
  });

  it('throws on an estimate outside [0, 1], a level outside (0, 1) or a cap below 1', () => {
    expect(() => taskMeanInterval([0.5, Number.NaN], { maxEffectiveTrials: 8 })).toThrow(
      'taskMeanInterval: estimates[1] is NaN; it must be a number from 0 to 1',
    );
    expect(() => taskMeanInterval([0.5], { maxEffectiveTrials: 8, level: 1 })).toThrow(
      'taskMeanInterval: options.level is 1;',
    );
    expect(() => taskMeanInterval([0.5], { maxEffectiveTrials: 0.5 })).toThrow(
      'taskMeanInterval: options.maxEffectiveTrials is 0.5; it must be a finite number, 1 or more',
    );
  });

  it('gives NaN, not an error, for no tasks', () => {
    const none = taskMeanInterval([], { maxEffectiveTrials: 1 });
    expect(none.method).toBe('no-tasks');
    expect(none.value).toBeNaN();
  });
});

describe('taskMeanIntervals', () => {
  it('gives each list, bit for bit, the interval taskMeanInterval gives it alone', () => {
    const rng = createRng(5);
    const lists = [7, 7, 7, 1, 0, 12, 7].map((tasks, list) => ({
      // Some tasks at 0 and at 1 in every list; the third list all 0.
      estimates: Array.from({ length: tasks }, (_, task) =>
        list === 2 ? 0 : task % 3 === 0 ? 0 : task % 4 === 0 ? 1 : rng.int(0, 8) / 8,
      ),
      maxEffectiveTrials: 8 * tasks + 1,
    }));
    for (const weights of [undefined, [1, 2, 1, 3, 1, 1, 2]]) {
      const sized =
        weights === undefined ? lists : lists.filter((list) => list.estimates.length === 7);
      const together = taskMeanIntervals(sized, weights === undefined ? {} : { weights });
      sized.forEach((list, index) => {
        const alone = taskMeanInterval(list.estimates, {
          maxEffectiveTrials: list.maxEffectiveTrials,
          ...(weights === undefined ? {} : { weights }),
        });
        expect(together[index]).toStrictEqual(alone);
      });
    }
  });

  it('gives the same bits when lists scoring different tasks share a sweep (more than four lists)', () => {
    const rng = createRng(11);
    const successes = Array.from({ length: 9 }, () => rng.int(0, 6));
    // pass^k-like lists: each k scores fewer tasks; pass@k-like ones score the same tasks.
    const lists = [1, 2, 3, 4, 5, 6].flatMap((k) => [
      { estimates: successes.map((c) => (c >= k ? (c / 6) ** k : 0)), maxEffectiveTrials: 54 },
      {
        estimates: successes.map((c) => (c > 0 ? 1 - (1 - c / 6) ** k : 0)),
        maxEffectiveTrials: 54,
      },
    ]);
    const together = taskMeanIntervals(lists, { resamples: 500 });
    lists.forEach((list, index) => {
      const alone = taskMeanInterval(list.estimates, {
        maxEffectiveTrials: list.maxEffectiveTrials,
        resamples: 500,
      });
      expect(together[index]).toStrictEqual(alone);
    });
  });
});

describe('taskMeanInterval against the method written out draw by draw', () => {
  /** The written-out bounds beside the library's, for each draw count and weights. */
  function compare(
    estimates: readonly number[],
    cases: readonly (readonly [number, readonly number[] | undefined])[],
    same: (actual: number, expected: number) => void,
  ): void {
    for (const [resamples, weights] of cases) {
      const tasks = estimates.length;
      // Task i's weights are the i-th run of `resamples` values of one stream; the
      // pseudo-tasks' come from another, four a draw.
      const taskRng = createRng(deriveSeed('task-mean-interval', 'tasks', resamples));
      const columns = estimates.map(() =>
        Array.from({ length: resamples }, () => -Math.log(1 - taskRng.next())),
      );
      const rng = createRng(deriveSeed('task-mean-interval', 'pseudo-tasks', resamples));
      const exp = () => -Math.log(1 - rng.next());
      const half = () => {
        const normal =
          Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());
        return (normal * normal) / 2;
      };
      const w = weights ?? estimates.map(() => 1);
      const meanWeight = w.reduce((a, b) => a + b, 0) / tasks;
      const lowerDraws = new Float64Array(resamples);
      const upperDraws = new Float64Array(resamples);
      for (let row = 0; row < resamples; row += 1) {
        const g = columns.map((column) => column[row]!);
        const [zeroWhole, oneHalf, zeroHalf, oneWhole] = [exp(), half(), half(), exp()];
        let sum = 0;
        let total = 0;
        g.forEach((draw, task) => {
          sum += draw * (estimates[task]! * w[task]!);
          total += draw * w[task]!;
        });
        lowerDraws[row] =
          (sum + meanWeight * oneHalf) / (total + meanWeight * zeroWhole + meanWeight * oneHalf);
        upperDraws[row] =
          (sum + meanWeight * oneWhole) / (total + meanWeight * zeroHalf + meanWeight * oneWhole);
      }
      const interval = taskMeanInterval(estimates, {
        maxEffectiveTrials: 48,
        resamples,
        ...(weights === undefined ? {} : { weights: [...weights] }),
      });
      // The quantiles at (1 ∓ level)/2 as computed, not the literals 0.025 and 0.975: they differ in the last bit.
      const level = 0.95;
      same(interval.lower, Math.min(interval.value, quantileSelect(lowerDraws, (1 - level) / 2)));
      same(interval.upper, Math.max(interval.value, quantileSelect(upperDraws, (1 + level) / 2)));
    }
  }

  it('gives the same bounds bit for bit when every task is rated apart, for draws not a multiple of four and weights', () => {
    compare(
      [0, 0.25, 1, 0.5, 0, 0.875],
      [
        [7, undefined],
        [10, [1, 2, 1, 3, 1, 2]],
        [401, undefined],
      ],
      (actual, expected) => expect(actual).toBe(expected),
    );
  });

  it('gives the same bounds up to rounding when tasks share their rates and are summed together', () => {
    const rng = createRng(5);
    const estimates = Array.from({ length: 40 }, () => rng.pick([0, 0.25, 0.5, 1]));
    const weights = estimates.map(() => rng.pick([1, 2]));
    compare(
      estimates,
      [
        [401, undefined],
        [1000, weights],
      ],
      (actual, expected) => expect(Math.abs(actual - expected)).toBeLessThan(1e-12),
    );
  });
});
