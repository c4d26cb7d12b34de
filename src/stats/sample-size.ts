import { designEffect } from './design-effect.js';
import { normalQuantile } from './normal-quantile.js';
import { studentTQuantile } from './student-t-quantile.js';

/** Trials per task when none is given. */
export const DEFAULT_TRIALS_PER_TASK = 1;
/**
 * Intra-task correlation of trial outcomes when none is given. Agents tend
 * to fail the same tasks again and again (a task they cannot do they fail
 * every time), so trials of one task are far from independent; 0.3 is a
 * middling guess, not a measured constant. Measure it on a pilot run of
 * your own system when the plan matters: with k = 1 it does not matter.
 */
export const DEFAULT_ICC = 0.3;
export const DEFAULT_ALPHA = 0.05;
export const DEFAULT_POWER = 0.8;

/** What the suite is for, and the success rate expected of the system. */
export interface SampleSizeBase {
  /** Expected success rate per trial, in (0, 1); for a comparison, the baseline system's (A). */
  readonly p: number;
  /** k, trials of each task per system: a whole number ≥ 1 (default 1). */
  readonly trialsPerTask?: number;
  /** r, the intra-task correlation of trial outcomes, in [0, 1] (default {@link DEFAULT_ICC}). */
  readonly icc?: number;
  /** Two-sided level α in (0, 1) (default 0.05): a 95% interval, or a 5% test. */
  readonly alpha?: number;
}

/** Enough tasks for a paired test of two systems on the same tasks to detect a difference. */
export interface DifferenceTarget extends SampleSizeBase {
  readonly type: 'difference';
  /**
   * D, the difference in success rate to detect, in (0, 1): system B's rate
   * is p + D, or p − D when p + D > 1 (see {@link SampleSize}'s `alternativeRate`).
   */
  readonly delta: number;
  /** 1 − β, the chance of detecting D when it is real, in (0, 1) (default 0.8). */
  readonly power?: number;
  /**
   * ρ, the correlation over tasks of the two systems' true per-task success
   * rates, in [0, 1] (default 0: uncorrelated). Tasks hard for one system
   * are often hard for the other, so ρ > 0 is common and the default is
   * conservative. It pairs away only the between-task spread: the trial
   * noise of the two systems is independent whatever ρ is.
   */
  readonly correlation?: number;
}

/** Enough tasks for one system's success-rate interval to have a half-width of at most W. */
export interface WidthTarget extends SampleSizeBase {
  readonly type: 'width';
  /** W, the half-width (the ± figure) of the interval, in (0, 1). */
  readonly halfWidth: number;
}

export type SampleSizeTarget = DifferenceTarget | WidthTarget;

/** The inputs with their defaults filled in. */
export interface ResolvedBase {
  readonly p: number;
  readonly trialsPerTask: number;
  readonly icc: number;
  readonly alpha: number;
  /** Tasks needed: the smallest n ≥ 2 that meets the t rule; NaN when an input is out of range. */
  readonly tasks: number;
  /** The normal approximation before rounding (z quantiles, as if the variance were known). */
  readonly normalTasks: number;
  /** The same target with unlimited trials per task: no k brings the tasks below it. */
  readonly tasksWithUnlimitedTrials: number;
  /** 1 + (k − 1)·r. */
  readonly designEffect: number;
  /** z_{1−α/2}. */
  readonly zLevel: number;
  /** t_{1−α/2, n−1} at n = `tasks`. */
  readonly tLevel: number;
}

/** The tasks a paired comparison needs, with every input and intermediate value. */
export type DifferenceSampleSize = ResolvedBase & {
  readonly type: 'difference';
  readonly delta: number;
  readonly power: number;
  readonly correlation: number;
  /** System B's rate under the alternative: p + D, or p − D when p + D > 1. */
  readonly alternativeRate: number;
  /** z_{power}, i.e. z_{1−β}. */
  readonly zPower: number;
  /** t_{1−β, n−1} at n = `tasks`. */
  readonly tPower: number;
  /** σ_d², the variance of one task's difference of the two systems' mean rates. */
  readonly variance: number;
  /** The part of σ_d² from the spread of true rates between tasks (what pairing reduces). */
  readonly betweenTaskVariance: number;
  /** The part of σ_d² from the two systems' independent trial noise (what k reduces). */
  readonly withinTaskVariance: number;
};

/** The tasks an interval of a given half-width needs, with every input and intermediate value. */
export type WidthSampleSize = ResolvedBase & {
  readonly type: 'width';
  readonly halfWidth: number;
  /** σ², the variance of one task's mean rate over its k trials. */
  readonly variance: number;
};

export type SampleSize = DifferenceSampleSize | WidthSampleSize;

/**
 * The number of tasks a suite needs, with k trials of each task whose
 * outcomes correlate (ICC r) within the task.
 *
 * Model. A system has a true success rate π_t on task t; over tasks π_t
 * has mean p and variance r·p(1 − p) (that is what an intra-task
 * correlation r of Bernoulli(p) outcomes means), and given π_t its k
 * trials are independent Bernoulli(π_t). The mean Ȳ_t of those k trials has
 *   Var(Ȳ_t) = Var(π_t) + E[π_t(1 − π_t)]/k
 *            = r·p(1 − p) + (1 − r)·p(1 − p)/k = p(1 − p)·DE/k.
 *
 * Difference (`type: 'difference'`). Systems A and B each run k trials of
 * the same n tasks; d_t = Ȳ_Bt − Ȳ_At, and `endstate compare` runs a
 * paired t-test over the n values of d_t. A's rates have mean p_A = p, B's
 * p_B = p + D (p − D when p + D > 1); write v_A = p_A(1 − p_A) and
 * v_B = p_B(1 − p_B), and let ρ be the correlation over tasks of the true
 * rates π_At and π_Bt. The trial noise of the two systems is independent,
 * so Cov(Ȳ_At, Ȳ_Bt) = Cov(π_At, π_Bt) = ρ·r·√(v_A·v_B), and
 *   σ_d² = Var(Ȳ_At) + Var(Ȳ_Bt) − 2·Cov(Ȳ_At, Ȳ_Bt)
 *        = r·(v_A + v_B − 2ρ·√(v_A·v_B))   between tasks: pairing removes a share ρ
 *        + (1 − r)·(v_A + v_B)/k            within tasks: k trials average it down
 * (with v_A = v_B = v it is 2(1 − ρ)·r·v + 2(1 − r)·v/k). The variances
 * are taken at both rates, p and p ± D, rather than both at p: the t-test
 * estimates the spread of the d_t under the alternative, which is what
 * sets its power; p(1 − p) at both rates would understate it whenever
 * p ± D is nearer 1/2 than p (by 9% for p = 0.3, D = 0.2, ρ = 0, and
 * more for rates further from 1/2). The formula is symmetric in the two rates: to
 * plan for a drop from 0.7 to 0.6, ask for p = 0.6 and D = 0.1.
 *
 * The normal approximation n₀ = (z_{1−α/2} + z_{1−β})²·σ_d²/D² is too
 * small for a t-test over few tasks (it estimates σ_d, with n − 1 degrees
 * of freedom), so `tasks` is the smallest n ≥ 2 with
 *   n ≥ (t_{1−α/2, n−1} + t_{1−β, n−1})²·σ_d²/D².
 * Checked against the exact power of the t-test for normal differences
 * (the noncentral t distribution, computed outside this code): over p in
 * {0.3, 0.5, 0.7}, D in {0.1, 0.2}, k in {1, 2, 4, 8}, r in {0, 0.1, 0.3,
 * 0.6, 0.9} and ρ in {0, 0.5, 0.8, 0.95}, n reaches the power in all 480
 * cases and n − 1 falls short in all but 8, where it misses by under
 * 0.0002. Simulated suites (`sample-size-power.test.ts`) check it with
 * binary trials and the paired t-test itself.
 *
 * Width (`type: 'width'`). One system's task-weighted rate has standard
 * error σ/√n with σ² = p(1 − p)·DE/k. The interval endstate reports
 * (`successRateInterval`, the Bayesian bootstrap of the tasks with a
 * pseudo-task at each end) has a half-width of about z·s/√n for the
 * sample standard deviation s of the task rates, widened a little by the
 * pseudo-tasks; the plan uses t_{1−α/2, n−1}·s/√n, at least as wide for
 * the few tasks where the pseudo-tasks count: `tasks` is the smallest n ≥ 2 with
 *   n ≥ t_{1−α/2, n−1}²·p(1 − p)·DE/(k·W²),
 * for which that half-width is at most W when s = σ (its mean is then a
 * little under W, since E[s] < σ, as simulated).
 *
 * As k grows, DE/k falls to r: repeating trials averages away only the
 * within-task noise, never the spread between tasks, so
 * `tasksWithUnlimitedTrials` (the within-task part dropped) is a floor no
 * k goes under.
 *
 * Out-of-range inputs give NaN counts: p outside (0, 1), D or W outside
 * (0, 1), p + D > 1 and p − D < 0 both, k not a whole number ≥ 1, r or ρ
 * outside [0, 1], α or power outside (0, 1), or power ≤ α/2.
 *
 * @example
 * sampleSize({ type: 'difference', p: 0.7, delta: 0.1 }).tasks; // 293
 * sampleSize({ type: 'width', p: 0.5, halfWidth: 0.05 }).tasks; // 387
 */
export function sampleSize(target: DifferenceTarget): DifferenceSampleSize;
export function sampleSize(target: WidthTarget): WidthSampleSize;
export function sampleSize(target: SampleSizeTarget): SampleSize;
export function sampleSize(target: SampleSizeTarget): SampleSize {
  const trialsPerTask = target.trialsPerTask ?? DEFAULT_TRIALS_PER_TASK;
  const icc = target.icc ?? DEFAULT_ICC;
  const alpha = target.alpha ?? DEFAULT_ALPHA;
  const { p } = target;
  const zLevel = normalQuantile(1 - alpha / 2);
  const isValidBase =
    isOpenUnit(p) &&
    Number.isInteger(trialsPerTask) &&
    trialsPerTask >= 1 &&
    isClosedUnit(icc) &&
    isOpenUnit(alpha);
  const base = { p, trialsPerTask, icc, alpha, designEffect: designEffect(trialsPerTask, icc) };
  if (target.type === 'difference') {
    const power = target.power ?? DEFAULT_POWER;
    const correlation = target.correlation ?? 0;
    const { delta } = target;
    const zPower = normalQuantile(power);
    const alternativeRate = p + delta <= 1 ? p + delta : p - delta;
    const isValid =
      isValidBase &&
      isOpenUnit(delta) &&
      alternativeRate >= 0 &&
      isOpenUnit(power) &&
      isClosedUnit(correlation) &&
      zLevel + zPower > 0;
    const variances = differenceVariance({ p, alternativeRate, trialsPerTask, icc, correlation });
    const required = (variance: number) => (tasks: number) =>
      ((tQuantile(1 - alpha / 2, tasks - 1) + tQuantile(power, tasks - 1)) ** 2 * variance) /
      delta ** 2;
    const tasks = isValid ? smallestTasks(required(variances.variance)) : Number.NaN;
    return {
      type: 'difference',
      ...base,
      delta,
      power,
      correlation,
      alternativeRate,
      ...variances,
      zLevel,
      zPower,
      tLevel: tQuantile(1 - alpha / 2, tasks - 1),
      tPower: tQuantile(power, tasks - 1),
      normalTasks: isValid
        ? ((zLevel + zPower) ** 2 * variances.variance) / delta ** 2
        : Number.NaN,
      tasks,
      tasksWithUnlimitedTrials: isValid
        ? smallestTasks(required(variances.betweenTaskVariance))
        : Number.NaN,
    };
  }
  const { halfWidth } = target;
  const isValid = isValidBase && isOpenUnit(halfWidth);
  const trialVariance = p * (1 - p);
  const variance = (trialVariance * base.designEffect) / trialsPerTask;
  const required = (variance: number) => (tasks: number) =>
    (tQuantile(1 - alpha / 2, tasks - 1) ** 2 * variance) / halfWidth ** 2;
  const tasks = isValid ? smallestTasks(required(variance)) : Number.NaN;
  return {
    type: 'width',
    ...base,
    halfWidth,
    variance,
    zLevel,
    tLevel: tQuantile(1 - alpha / 2, tasks - 1),
    normalTasks: isValid ? (zLevel ** 2 * variance) / halfWidth ** 2 : Number.NaN,
    tasks,
    tasksWithUnlimitedTrials: isValid ? smallestTasks(required(trialVariance * icc)) : Number.NaN,
  };
}

/** σ_d² of a paired difference and its between- and within-task parts (see {@link sampleSize}). */
function differenceVariance(inputs: {
  readonly p: number;
  readonly alternativeRate: number;
  readonly trialsPerTask: number;
  readonly icc: number;
  readonly correlation: number;
}) {
  const { p, alternativeRate, trialsPerTask: k, icc: r, correlation: rho } = inputs;
  const varianceA = p * (1 - p);
  const varianceB = alternativeRate * (1 - alternativeRate);
  const betweenTaskVariance =
    r * (varianceA + varianceB - 2 * rho * Math.sqrt(varianceA * varianceB));
  const withinTaskVariance = ((1 - r) * (varianceA + varianceB)) / k;
  return {
    variance: betweenTaskVariance + withinTaskVariance,
    betweenTaskVariance,
    withinTaskVariance,
  };
}

/**
 * The smallest whole n ≥ 2 with n ≥ required(n), for a `required` that
 * falls as n grows (t quantiles shrink towards z with more degrees of
 * freedom). Float error is forgiven (an exact 385 stays 385).
 */
function smallestTasks(required: (tasks: number) => number): number {
  let tasks = 2;
  // required(n) ≥ its limit, the normal-approximation value, so start from above-or-at that.
  const limit = required(Number.POSITIVE_INFINITY);
  if (Number.isFinite(limit)) tasks = Math.max(tasks, roundUp(limit));
  while (tasks < roundUp(required(tasks))) tasks += 1;
  return tasks;
}

/** Past this many degrees of freedom the series below replaces the exact (linear-time) quantile. */
const SERIES_DEGREES_OF_FREEDOM = 100_000;

/**
 * t_{q, ν}: Student's quantile; the normal one at ν = ∞. For ν past
 * 100 000 the Cornish–Fisher series in 1/ν (Abramowitz and Stegun
 * 26.7.5, three terms), whose first omitted term is below 1e-16 there
 * for any quantile up to z = 5.
 */
function tQuantile(q: number, degreesOfFreedom: number): number {
  if (degreesOfFreedom === Number.POSITIVE_INFINITY) return normalQuantile(q);
  if (degreesOfFreedom <= SERIES_DEGREES_OF_FREEDOM) return studentTQuantile(q, degreesOfFreedom);
  const z = normalQuantile(q);
  const nu = degreesOfFreedom;
  return (
    z +
    (z ** 3 + z) / (4 * nu) +
    (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * nu ** 2) +
    (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / (384 * nu ** 3)
  );
}

const isOpenUnit = (value: number): boolean => value > 0 && value < 1;
const isClosedUnit = (value: number): boolean => value >= 0 && value <= 1;

/** Up to the next whole number, forgiving float error: 385.0000000001 stays 385. */
function roundUp(value: number): number {
  if (value <= 0) return 0;
  return Math.ceil(value - 1e-9 * Math.max(1, value));
}
