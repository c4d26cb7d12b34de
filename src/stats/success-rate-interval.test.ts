import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRng } from '../core/index.js';
import type { Rng } from '../core/index.js';
import { sampleBeta } from '../testing/sample-beta.js';
import { successRateInterval } from './success-rate-interval.js';
import type { SuccessCounts } from './success-rate-interval.js';
import { wilsonInterval } from './wilson-interval.js';

describe('successRateInterval', () => {
  it('does not collapse when every task passes every trial: the tasks alone bound it', () => {
    const interval = successRateInterval(
      Array.from({ length: 10 }, () => ({ successes: 8, trials: 8 })),
    );
    expect(interval).toMatchObject({ value: 1, upper: 1, method: 'pseudo-task-bootstrap' });
    // Every draw is Beta(10 + ½, 1): its 2.5% quantile is 0.025^(1/10.5) = 0.7036, each task
    // counted once. The 2.5% quantile of 4000 draws has a standard error of
    // √(0.025·0.975/4000) / f(0.7036) = 0.0025 / 0.373 = 0.0066 (f the Beta density): 3 of them.
    expect(Math.abs(interval.lower - 0.025 ** (1 / 10.5))).toBeLessThan(0.02);
  });

  it('falls back to the Wilson interval of the trials for one task', () => {
    const interval = successRateInterval([{ successes: 3, trials: 4 }]);
    const wilson = wilsonInterval(3, 4);
    expect(interval).toMatchObject({
      method: 'wilson-single-task',
      lower: wilson.lower,
      upper: wilson.upper,
    });
  });

  it('leaves out tasks with no trials and refuses impossible counts', () => {
    const withEmpty = successRateInterval([
      { successes: 2, trials: 4 },
      { successes: 0, trials: 0 },
      { successes: 4, trials: 4 },
    ]);
    expect(withEmpty).toMatchObject({ tasks: 2, trials: 8, value: 0.75 });
    expect(successRateInterval([]).method).toBe('no-tasks');
    expect(() =>
      successRateInterval([
        { successes: 2, trials: 4 },
        { successes: 5, trials: 4 },
      ]),
    ).toThrow(
      new RangeError(
        'successRateInterval: counts[1].successes is 5; it must be a whole number from 0 to counts[1].trials (4)',
      ),
    );
    expect(() => successRateInterval([{ successes: 1, trials: 2.5 }])).toThrow(
      'successRateInterval: counts[0].trials is 2.5; it must be a whole number, 0 or more',
    );
  });

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY])(
    'throws a RangeError naming the task for a weight of %s',
    (weight) => {
      const counts = [
        { successes: 2, trials: 4 },
        { successes: 1, trials: 4 },
        { successes: 3, trials: 4 },
        { successes: 4, trials: 4, weight },
      ];
      expect(() => successRateInterval(counts)).toThrow(
        new RangeError(
          `successRateInterval: counts[3].weight is ${weight}; a task's weight must be a finite number above 0`,
        ),
      );
    },
  );

  it('throws on a level outside (0, 1)', () => {
    expect(() => successRateInterval([{ successes: 2, trials: 4 }], { level: 95 })).toThrow(
      'successRateInterval: options.level is 95; a confidence level must be a number between 0 and 1, both excluded',
    );
  });

  it('is never a single point and always holds its value', () => {
    const task = fc
      .integer({ min: 1, max: 20 })
      .chain((trials) =>
        fc.record({ trials: fc.constant(trials), successes: fc.integer({ min: 0, max: trials }) }),
      );
    fc.assert(
      fc.property(fc.array(task, { minLength: 1, maxLength: 30 }), (counts) => {
        const { value, lower, upper } = successRateInterval(counts);
        expect(upper - lower).toBeGreaterThan(0);
        expect(lower).toBeLessThanOrEqual(value);
        expect(upper).toBeGreaterThanOrEqual(value);
        expect(lower).toBeGreaterThanOrEqual(0);
        expect(upper).toBeLessThanOrEqual(1);
      }),
    );
  });
});

/** Suites of `tasks` tasks with rates from Beta(a, b); a share of trials dropped at random. */
function simulateSuite(rng: Rng, design: Design): SuccessCounts[] {
  const counts: SuccessCounts[] = [];
  for (let task = 0; task < design.tasks; task += 1) {
    const rate = sampleBeta(rng, design.beta[0], design.beta[1]);
    let successes = 0;
    let trials = 0;
    for (let trial = 0; trial < design.trials; trial += 1) {
      if (rng.next() < (design.dropped ?? 0)) continue;
      trials += 1;
      if (rng.next() < rate) successes += 1;
    }
    if (trials > 0) counts.push({ successes, trials });
  }
  return counts;
}

interface Design {
  readonly beta: readonly [number, number];
  readonly tasks: number;
  readonly trials: number;
  readonly dropped?: number;
}

function coverage(
  design: Design,
  interval: (counts: SuccessCounts[]) => readonly [number, number],
): number {
  const rng = createRng(20261201);
  const truth = design.beta[0] / (design.beta[0] + design.beta[1]);
  const suites = 1500;
  let covered = 0;
  for (let suite = 0; suite < suites; suite += 1) {
    const [lower, upper] = interval(simulateSuite(rng, design));
    if (lower <= truth && truth <= upper) covered += 1;
  }
  return covered / suites;
}

const ours = (counts: SuccessCounts[]) => {
  const { lower, upper } = successRateInterval(counts);
  return [lower, upper] as const;
};

describe('successRateInterval coverage (1500 simulated suites per design)', () => {
  // The hard corners of docs/statistics.md: few tasks, rates piled at 0 or
  // 1, one trial per task, dropped trials, and suites that often pass every trial.
  const designs: Design[] = [
    { beta: [0.3, 0.3], tasks: 5, trials: 8 },
    { beta: [20, 1], tasks: 10, trials: 1 },
    { beta: [20, 1], tasks: 5, trials: 8 },
    { beta: [5, 0.5], tasks: 10, trials: 8 },
    { beta: [0.5, 5], tasks: 20, trials: 8, dropped: 0.25 },
    { beta: [2, 2], tasks: 50, trials: 3 },
    { beta: [0.09, 0.01], tasks: 10, trials: 8 },
  ];
  it.each(designs)('covers the true mean rate in at least 92% of suites: %o', (design) => {
    // 92% leaves 1.5 standard errors of simulation noise under the 92.5% target.
    expect(coverage(design, ours)).toBeGreaterThanOrEqual(0.92);
  });

  it('is a check that fails a method that ignores clustering', () => {
    const pooled = (counts: SuccessCounts[]) => {
      const rate =
        counts.reduce((sum, task) => sum + task.successes / task.trials, 0) / counts.length;
      const trials = counts.reduce((sum, task) => sum + task.trials, 0);
      const { lower, upper } = wilsonInterval(Math.round(rate * trials), trials);
      return [lower, upper] as const;
    };
    expect(coverage({ beta: [0.3, 0.3], tasks: 20, trials: 8 }, pooled)).toBeLessThan(0.8);
  });
});
