import { describe, expect, it } from 'vitest';
import { createRng } from '../core/index.js';
import type { Rng } from '../core/index.js';
import { correlatedTaskRates } from '../testing/correlated-task-rates.js';
import { successRateInterval } from './success-rate-interval.js';
import { pairedTTest } from './paired-t-test.js';
import { sampleSize } from './sample-size.js';

/**
 * Does the number of tasks `sampleSize` recommends do what it says, when
 * suites are simulated from the model it assumes and analysed the way
 * endstate analyses them?
 *
 * Model (`correlatedTaskRates`): each task has true rates (π_A, π_B) for
 * two systems, logit-normal over tasks with means p and p + D, variances
 * r·p(1 − p) and r·(p + D)(1 − p − D), and correlation ρ; each system then
 * runs k independent Bernoulli(π) trials of every task. The difference
 * test is `endstate compare`'s primary test: the two-sided paired t-test
 * over tasks of B's minus A's per-task success rate, at α = 0.05.
 *
 * 2000 suites per point: a power of 80% lands in 77.3%–82.7% (± 3
 * standard errors of 0.89%) all but 0.3% of the time, so the band of
 * 75%–85% leaves room for the approximation and still fails for a formula
 * that is off by a sixth in n or more. The seed is fixed, so the test is
 * deterministic; measured values are in docs/statistics.md.
 */
const SUITES = 2000;
const ALPHA = 0.05;

interface Point {
  readonly p: number;
  readonly delta: number;
  readonly trialsPerTask: number;
  readonly icc: number;
  readonly correlation: number;
}

function observedRate(rng: Rng, rate: number, trials: number): number {
  let successes = 0;
  for (let trial = 0; trial < trials; trial += 1) if (rng.next() < rate) successes += 1;
  return successes / trials;
}

/** The share of simulated paired suites of `tasks` tasks in which the paired t-test rejects. */
function simulatedPower(point: Point, tasks: number, seed: number): number {
  const { p, delta, trialsPerTask: k, icc, correlation } = point;
  const model = correlatedTaskRates({ rates: [p, p + delta], icc, correlation });
  const rng = createRng(seed);
  let rejections = 0;
  for (let suite = 0; suite < SUITES; suite += 1) {
    const differences = Array.from({ length: tasks }, () => {
      const [rateA, rateB] = model.sample(rng);
      return observedRate(rng, rateB, k) - observedRate(rng, rateA, k);
    });
    if (pairedTTest(differences).p < ALPHA) rejections += 1;
  }
  return rejections / SUITES;
}

const plannedTasks = (point: Point): number =>
  sampleSize({ type: 'difference', ...point, alpha: ALPHA, power: 0.8 }).tasks;

const point = (
  p: number,
  delta: number,
  trialsPerTask: number,
  icc: number,
  correlation: number,
): Point => ({ p, delta, trialsPerTask, icc, correlation });

describe('sampleSize: simulated power of the paired t-test at the recommended tasks', () => {
  // Every p, D, k, r and ρ of the grid p ∈ {0.3, 0.5, 0.7}, D ∈ {0.1, 0.2},
  // k ∈ {1, 4, 8}, r ∈ {0.1, 0.3, 0.6}, ρ ∈ {0, 0.5, 0.8} appears, plus the
  // reported case (ρ = 0.784). Measured with this seed: 78.1%–84.0%, and
  // 80.2% for the reported case at 95 tasks.
  it.each([
    point(0.5, 0.1, 4, 0.3, 0.784),
    point(0.3, 0.1, 1, 0.1, 0),
    point(0.5, 0.2, 1, 0.3, 0.5),
    point(0.7, 0.1, 1, 0.6, 0.8),
    point(0.3, 0.2, 1, 0.6, 0.8),
    point(0.3, 0.2, 4, 0.1, 0.5),
    point(0.5, 0.1, 4, 0.6, 0),
    point(0.7, 0.2, 4, 0.3, 0.5),
    point(0.3, 0.1, 8, 0.3, 0.5),
    point(0.5, 0.2, 8, 0.6, 0),
    point(0.7, 0.1, 8, 0.1, 0.8),
    point(0.7, 0.2, 8, 0.3, 0),
    point(0.5, 0.1, 8, 0.3, 0.8),
  ])('reaches 75%–85% power: %j', (grid) => {
    const tasks = plannedTasks(grid);
    const power = simulatedPower(grid, tasks, 20_261_201);
    expect({ tasks, power }).toEqual({
      tasks,
      power: expect.toSatisfy((value: number) => value >= 0.75 && value <= 0.85),
    });
  });

  // With ρ = 0.8 and few tasks, or ρ = 0.8 with r = 0.6, many tasks sit at
  // 0 or 1 for both systems, so most differences are exactly 0 and the rest
  // are skewed: far from the normal differences the t rule assumes. The
  // t-test then rejects more often than the normal theory says, so the
  // recommendation errs on the safe side (measured 80.9%–88.9%).
  it.each([
    point(0.7, 0.2, 4, 0.3, 0.8),
    point(0.3, 0.2, 4, 0.6, 0.8),
    point(0.5, 0.2, 8, 0.6, 0.8),
    point(0.3, 0.1, 8, 0.6, 0.8),
  ])(
    'reaches at least 80% (and at most 92%) when both systems often agree completely: %j',
    (grid) => {
      const tasks = plannedTasks(grid);
      const power = simulatedPower(grid, tasks, 20_261_202);
      expect({ tasks, power }).toEqual({
        tasks,
        power: expect.toSatisfy((value: number) => value >= 0.8 && value <= 0.92),
      });
    },
  );

  it('falls far short at the 41 tasks the old formula, 2(1 − ρ)·p(1 − p)·DE/k, gave for the reported case', () => {
    // (z_0.975 + z_0.8)²·2·0.216·0.25·1.9/4/0.01 = 7.8488797343·5.13 = 40.27 → 41;
    // measured 44.8%.
    const grid = point(0.5, 0.1, 4, 0.3, 0.784);
    const power = simulatedPower(grid, 41, 20_261_203);
    expect(power).toBeLessThan(0.6);
    expect(power).toBeGreaterThan(0.35);
  });
});

describe('sampleSize: simulated half-width of the suite interval at the recommended tasks', () => {
  /**
   * One system, k trials of each of n tasks (rates logit-normal with mean p
   * and variance r·p(1 − p)); the interval is the scorecard's
   * (`successRateInterval`). Over 200 suites the mean half-width must be
   * no more than 5% under W (the plan is not wasteful) and at most W, give
   * or take 1%. Measured: 0.0966, 0.0984 and 0.0975 for W = 0.1 at 41, 55
   * and 56 tasks.
   */
  it.each([
    { p: 0.3, halfWidth: 0.1, trialsPerTask: 4, icc: 0.3 },
    { p: 0.7, halfWidth: 0.1, trialsPerTask: 8, icc: 0.6 },
    { p: 0.5, halfWidth: 0.1, trialsPerTask: 2, icc: 0.1 },
  ])('gives a mean half-width between 0.95·W and 1.01·W: %j', (grid) => {
    const { p, halfWidth, trialsPerTask: k, icc } = grid;
    const tasks = sampleSize({ type: 'width', ...grid }).tasks;
    const model = correlatedTaskRates({ rates: [p, p], icc, correlation: 0 });
    const rng = createRng(20_261_204);
    const suites = 200;
    let total = 0;
    for (let suite = 0; suite < suites; suite += 1) {
      const counts = Array.from({ length: tasks }, () => {
        const [rate] = model.sample(rng);
        return { successes: observedRate(rng, rate, k) * k, trials: k };
      });
      const interval = successRateInterval(counts);
      total += (interval.upper - interval.lower) / 2;
    }
    const meanHalfWidth = total / suites;
    expect({ tasks, meanHalfWidth }).toEqual({
      tasks,
      meanHalfWidth: expect.toSatisfy(
        (value: number) => value <= 1.01 * halfWidth && value >= 0.95 * halfWidth,
      ),
    });
  });
});
