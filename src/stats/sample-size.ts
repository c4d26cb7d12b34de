import { normalQuantile } from './normal-quantile.js';

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
interface SampleSizeBase {
  /** Expected success rate per trial, in (0, 1); for a comparison, the baseline system's. */
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
  /** D, the difference in success rate to detect, in (0, 1). */
  readonly delta: number;
  /** 1 − β, the chance of detecting D when it is real, in (0, 1) (default 0.8). */
  readonly power?: number;
  /**
   * ρ, the correlation of the two systems' per-task success rates, in
   * [0, 1) (default 0: uncorrelated). Tasks hard for one system are often
   * hard for the other, so ρ > 0 is common and the default is conservative.
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
interface ResolvedBase {
  readonly p: number;
  readonly trialsPerTask: number;
  readonly icc: number;
  readonly alpha: number;
  /** Tasks needed, rounded up: NaN when an input is out of range. */
  readonly tasks: number;
  /** The formula's value before rounding. */
  readonly exactTasks: number;
  /** The same target with unlimited trials per task: no k brings the tasks below it. */
  readonly tasksWithUnlimitedTrials: number;
  /** 1 + (k − 1)·r. */
  readonly designEffect: number;
  /** z_{1−α/2}. */
  readonly zLevel: number;
}

export type SampleSize =
  | (ResolvedBase & {
      readonly type: 'difference';
      readonly delta: number;
      readonly power: number;
      readonly correlation: number;
      /** z_{power}, i.e. z_{1−β}. */
      readonly zPower: number;
      /** σ_d², the variance of the per-task difference of the two systems' mean rates. */
      readonly variance: number;
    })
  | (ResolvedBase & {
      readonly type: 'width';
      readonly halfWidth: number;
      /** σ², the variance of one task's mean rate over its k trials. */
      readonly variance: number;
    });

/**
 * The design effect of k trials per task with intra-task correlation r:
 * DE = 1 + (k − 1)·r, the factor by which the variance of a mean of k
 * correlated trials exceeds that of k independent ones.
 *
 * @example
 * designEffect(4, 0.3); // 1.9
 */
export function designEffect(trialsPerTask: number, icc: number): number {
  return 1 + (trialsPerTask - 1) * icc;
}

/**
 * The number of tasks a suite needs, by the normal approximation, with k
 * trials of each task whose outcomes correlate (ICC r) within the task.
 *
 * Per-task variance. Let task t have its own success rate p_t, spread
 * over tasks with mean p and variance r·p(1 − p) (that is what an
 * intra-task correlation r of Bernoulli(p) outcomes means). The mean of k
 * trials of task t has variance
 *   Var(Ȳ_t) = Var(p_t) + E[p_t(1 − p_t)]/k
 *            = r·p(1 − p) + (1 − r)·p(1 − p)/k
 *            = p(1 − p)·(1 + (k − 1)·r)/k = p(1 − p)·DE/k.
 *
 * Difference (`type: 'difference'`). Two systems run k trials of each of n
 * tasks; d_t = Ȳ_At − Ȳ_Bt, and the paired test looks at the mean of the
 * d_t. Taking both systems' variances at p (the usual approximation for a
 * small D) and ρ the correlation of their per-task rates,
 *   σ_d² = 2·(1 − ρ)·p(1 − p)·DE/k.
 * The mean difference has standard error σ_d/√n; a two-sided level-α test
 * detects D with power 1 − β when D = (z_{1−α/2} + z_{1−β})·σ_d/√n, so
 *   n = (z_{1−α/2} + z_{1−β})² · σ_d² / D².
 *
 * Width (`type: 'width'`). One system's task-weighted rate has standard
 * error √(p(1 − p)·DE/(k·n)); a (1 − α) interval of half-width W needs
 *   n = z_{1−α/2}² · p(1 − p) · DE / (k · W²).
 *
 * Both round up (after allowing 1e-9 for floating-point error, so an exact
 * 385 stays 385). As k grows, DE/k falls to r: repeating trials averages
 * away only the within-task noise, never the spread between tasks, so
 * `tasksWithUnlimitedTrials` (DE/k replaced by r) is a floor no k goes
 * under. The normal quantiles make n slightly small when it comes out
 * under about 30 (a t-test or a bootstrap over few tasks is wider).
 *
 * Out-of-range inputs give NaN counts: p outside (0, 1), D or W outside
 * (0, 1), k not a whole number ≥ 1, r outside [0, 1], α or power outside
 * (0, 1), ρ outside [0, 1).
 *
 * @example
 * sampleSize({ type: 'difference', p: 0.7, delta: 0.1 }).tasks; // 330
 * sampleSize({ type: 'width', p: 0.5, halfWidth: 0.05 }).tasks; // 385
 */
export function sampleSize(target: SampleSizeTarget): SampleSize {
  const trialsPerTask = target.trialsPerTask ?? DEFAULT_TRIALS_PER_TASK;
  const icc = target.icc ?? DEFAULT_ICC;
  const alpha = target.alpha ?? DEFAULT_ALPHA;
  const { p } = target;
  const effect = designEffect(trialsPerTask, icc);
  const zLevel = normalQuantile(1 - alpha / 2);
  const trialVariance = p * (1 - p);
  const isValidBase =
    isOpenUnit(p) &&
    Number.isInteger(trialsPerTask) &&
    trialsPerTask >= 1 &&
    icc >= 0 &&
    icc <= 1 &&
    isOpenUnit(alpha);
  const base = { p, trialsPerTask, icc, alpha, designEffect: effect, zLevel };
  if (target.type === 'difference') {
    const power = target.power ?? DEFAULT_POWER;
    const correlation = target.correlation ?? 0;
    const { delta } = target;
    const zPower = normalQuantile(power);
    const isValid =
      isValidBase &&
      isOpenUnit(delta) &&
      isOpenUnit(power) &&
      correlation >= 0 &&
      correlation < 1 &&
      zLevel + zPower > 0;
    const factor = ((zLevel + zPower) ** 2 * 2 * (1 - correlation) * trialVariance) / delta ** 2;
    const exactTasks = isValid ? (factor * effect) / trialsPerTask : Number.NaN;
    return {
      type: 'difference',
      ...base,
      delta,
      power,
      correlation,
      zPower,
      variance: (2 * (1 - correlation) * trialVariance * effect) / trialsPerTask,
      exactTasks,
      tasks: roundUp(exactTasks),
      tasksWithUnlimitedTrials: isValid ? roundUp(factor * icc) : Number.NaN,
    };
  }
  const { halfWidth } = target;
  const isValid = isValidBase && isOpenUnit(halfWidth);
  const factor = (zLevel ** 2 * trialVariance) / halfWidth ** 2;
  const exactTasks = isValid ? (factor * effect) / trialsPerTask : Number.NaN;
  return {
    type: 'width',
    ...base,
    halfWidth,
    variance: (trialVariance * effect) / trialsPerTask,
    exactTasks,
    tasks: roundUp(exactTasks),
    tasksWithUnlimitedTrials: isValid ? roundUp(factor * icc) : Number.NaN,
  };
}

const isOpenUnit = (value: number): boolean => value > 0 && value < 1;

/** Up to the next whole number, forgiving float error: 385.0000000001 stays 385. */
function roundUp(value: number): number {
  if (value <= 0) return 0;
  return Math.ceil(value - 1e-9 * Math.max(1, value));
}
