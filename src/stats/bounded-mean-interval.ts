import { clusteredWilsonInterval } from './clustered-wilson-interval.js';
import type { ClusteredWilsonMethod } from './clustered-wilson-interval.js';

export interface BoundedMeanIntervalOptions {
  /** Two-sided confidence level in (0, 1); default 0.95. */
  readonly level?: number;
}

export interface BoundedMeanInterval {
  /** The task-weighted mean: the mean over tasks of each task's mean value. */
  readonly value: number;
  readonly lower: number;
  readonly upper: number;
  readonly method: ClusteredWilsonMethod;
  /** Tasks with at least one value: the clusters. */
  readonly tasks: number;
  /** Values over all tasks (trials). */
  readonly trials: number;
}

/**
 * The confidence interval of the mean of a score in [0, 1] (a partial
 * score, a plan's adherence) over trials clustered within tasks: the
 * success rate's interval ({@link clusteredWilsonInterval}) on the
 * per-task mean scores, with the effective sample size capped at the
 * number of trials.
 *
 * Why the success-rate method holds for a bounded mean: it needs only the
 * spread of the task means (the cluster-robust variance s²/m) and a
 * variance bound for the Wilson form; a score in [0, 1] with mean μ has
 * variance at most μ(1 − μ), the Bernoulli's, so reading the observed
 * variance as n_eff = v̄(1 − v̄)/V never claims more trials than the data
 * hold. Simulated coverage in `bounded-mean-interval.test.ts`.
 *
 * Tasks with no values are left out; a value outside [0, 1] (or NaN)
 * gives NaN bounds (`invalid-input`).
 *
 * @example
 * boundedMeanInterval([[1, 0.5], [0.25, 0.25], [0.75]]);
 * // value (0.75 + 0.25 + 0.75) / 3 = 0.5833…, clustered over 3 tasks, 5 trials
 */
export function boundedMeanInterval(
  valuesByTask: readonly (readonly number[])[],
  options: BoundedMeanIntervalOptions = {},
): BoundedMeanInterval {
  const counted = valuesByTask.filter((values) => values.length > 0);
  const trials = counted.reduce((sum, values) => sum + values.length, 0);
  const isValid = counted.every((values) => values.every((value) => value >= 0 && value <= 1));
  const means = counted.map(
    (values) => values.reduce((sum, value) => sum + value, 0) / values.length,
  );
  const interval = clusteredWilsonInterval(isValid ? means.map(clampUnit) : [Number.NaN], {
    maxEffectiveTrials: Math.max(1, trials),
    ...options,
  });
  return {
    value: isValid ? interval.value : Number.NaN,
    lower: interval.lower,
    upper: interval.upper,
    method: interval.method,
    tasks: counted.length,
    trials,
  };
}

/** A mean of values in [0, 1] can round a hair past either end. */
const clampUnit = (value: number): number => Math.min(1, Math.max(0, value));
