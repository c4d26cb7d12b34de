import { taskMeanInterval } from './task-mean-interval.js';
import type { TaskMeanMethod } from './task-mean-interval.js';
import { kishShare } from './success-rate-interval.js';
import { checkLevel, checkUnitValue, checkWeights } from './check-estimator-input.js';

export interface BoundedMeanIntervalOptions {
  /** Two-sided confidence level in (0, 1); default 0.95. */
  readonly level?: number;
  /**
   * Each task's weight (> 0), aligned with `valuesByTask`; default all 1.
   * The value is then the weighted mean of the task means and the interval
   * the weighted clustered one, as for a weighted success rate.
   */
  readonly weights?: readonly number[];
}

export interface BoundedMeanInterval {
  /** The task-weighted mean: Σ w_i·(task i's mean value) / Σ w_i over tasks (w_i = 1 by default). */
  readonly value: number;
  readonly lower: number;
  readonly upper: number;
  readonly method: TaskMeanMethod;
  /** Tasks with at least one value: the clusters. */
  readonly tasks: number;
  /** Values over all tasks (trials). */
  readonly trials: number;
}

/**
 * The confidence interval of the mean of a score in [0, 1] (a partial
 * score, a plan's adherence) over trials clustered within tasks: the
 * success rate's interval ({@link taskMeanInterval}) on the
 * per-task mean scores, with the effective sample size capped at the
 * number of trials.
 *
 * Why the success-rate method holds for a bounded mean: the Bayesian
 * bootstrap of the tasks uses only the task means and the bounds 0 and 1
 * of a score, where its pseudo-tasks sit; it never assumes the means are
 * rates of whole trials. Simulated coverage in `bounded-mean-interval.test.ts`.
 *
 * Tasks with no values are left out; no values at all give NaN
 * (`no-tasks`).
 *
 * Throws RangeError when a value is outside [0, 1] (or NaN), `weights` does
 * not hold one finite weight above 0 per task (empty tasks included), or
 * the level is outside (0, 1); the message names the index, e.g.
 * `boundedMeanInterval: valuesByTask[1][0] is 1.5; it must be a number
 * from 0 to 1`.
 *
 * @example
 * boundedMeanInterval([[1, 0.5], [0.25, 0.25], [0.75]]);
 * // value (0.75 + 0.25 + 0.75) / 3 = 0.5833…, clustered over 3 tasks, 5 trials
 */
export function boundedMeanInterval(
  valuesByTask: readonly (readonly number[])[],
  options: BoundedMeanIntervalOptions = {},
): BoundedMeanInterval {
  checkBoundedMeanInput(valuesByTask, options);
  const { weights: allWeights, ...rest } = options;
  const kept = valuesByTask.flatMap((values, index) =>
    values.length > 0 ? [{ values, weight: allWeights?.[index] ?? 1 }] : [],
  );
  const counted = kept.map((task) => task.values);
  const weights = kept.map((task) => task.weight);
  const isWeighted = weights.some((weight) => weight !== 1);
  const trials = counted.reduce((sum, values) => sum + values.length, 0);
  const means = counted.map(
    (values) => values.reduce((sum, value) => sum + value, 0) / values.length,
  );
  const interval = taskMeanInterval(means.map(clampUnit), {
    maxEffectiveTrials: Math.max(1, trials * (isWeighted ? kishShare(weights) : 1)),
    ...rest,
    ...(isWeighted ? { weights } : {}),
  });
  return {
    value: interval.value,
    lower: interval.lower,
    upper: interval.upper,
    method: interval.method,
    tasks: counted.length,
    trials,
  };
}

/** A mean of values in [0, 1] can round a hair past either end. */
const clampUnit = (value: number): number => Math.min(1, Math.max(0, value));

function checkBoundedMeanInput(
  valuesByTask: readonly (readonly number[])[],
  options: BoundedMeanIntervalOptions,
): void {
  const fn = 'boundedMeanInterval';
  valuesByTask.forEach((values, task) =>
    values.forEach((value, index) =>
      checkUnitValue({ fn, path: `valuesByTask[${task}][${index}]` }, value),
    ),
  );
  if (options.weights !== undefined) {
    checkWeights({ fn, path: 'options.weights' }, options.weights, {
      length: valuesByTask.length,
      itemsPath: 'valuesByTask',
    });
  }
  if (options.level !== undefined) checkLevel({ fn, path: 'options.level' }, options.level);
}
