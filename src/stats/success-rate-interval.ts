import { taskMeanInterval } from './task-mean-interval.js';
import type { TaskMeanMethod } from './task-mean-interval.js';
import { checkCount, checkCountUpTo, checkLevel, checkWeight } from './check-estimator-input.js';

/** Successes out of valid trials of one task. */
export interface SuccessCounts {
  readonly successes: number;
  readonly trials: number;
  /** How much the task counts in the suite's mean (> 0); default 1. */
  readonly weight?: number;
}

export interface SuccessRateIntervalOptions {
  /** Two-sided confidence level in (0, 1); default 0.95. */
  readonly level?: number;
}

export interface SuccessRateInterval {
  /** The task-weighted success rate: Σ w_i·(successes_i/trials_i) / Σ w_i over tasks (w_i = 1 by default). */
  readonly value: number;
  readonly lower: number;
  readonly upper: number;
  readonly method: TaskMeanMethod;
  /** Tasks with at least one trial: the clusters. */
  readonly tasks: number;
  readonly trials: number;
  /** The independent trials that would give the rate its observed variance (at most `trials`). */
  readonly effectiveTrials: number;
}

/**
 * m_eff / m = (Σ w)² / (m·Σ w²): the share of the trials that still count
 * as independent once tasks weigh unequally (1 with equal weights).
 */
export function kishShare(weights: readonly number[]): number {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const squares = weights.reduce((sum, weight) => sum + weight ** 2, 0);
  return weights.length === 0 ? 1 : Math.min(1, total ** 2 / (weights.length * squares));
}

/**
 * The confidence interval of a suite's success rate, for trials clustered
 * within tasks: the headline interval of every success-type rate endstate
 * reports (success, outcome-only success, slices, constraint pass rates).
 *
 * `value` is the task-weighted rate, the mean of per-task rates, so a task
 * run 20 times weighs no more than a task run 4 times (tasks may have
 * different numbers of valid trials). The interval is
 * {@link taskMeanInterval} of the per-task rates (weights `weight`,
 * default 1): monotone (one more success never lowers a bound),
 * continuous at 0% and 100%, deterministic, never a single point. Its
 * simulated coverage is in docs/statistics.md.
 *
 * One task gives the Wilson interval of its trials (`wilson-single-task`):
 * that task's rate, not a suite's. Tasks with no trials carry no
 * information and are left out; no tasks with trials give NaN (`no-tasks`).
 *
 * Throws RangeError when a count is not a whole number with
 * 0 ≤ successes ≤ trials, a weight is not a finite number above 0, or the
 * level is outside (0, 1); the message names the task's index and field,
 * e.g. `successRateInterval: counts[3].weight is 0; a task's weight must
 * be a finite number above 0`.
 *
 * @example
 * successRateInterval(Array.from({ length: 10 }, () => ({ successes: 8, trials: 8 })));
 * // { value: 1, lower: 0.70…, upper: 1, method: 'pseudo-task-bootstrap', ... }
 */
export function successRateInterval(
  counts: readonly SuccessCounts[],
  options: SuccessRateIntervalOptions = {},
): SuccessRateInterval {
  checkSuccessCounts(counts, options);
  const counted = counts.filter((task) => task.trials > 0);
  const trials = counted.reduce((sum, task) => sum + task.trials, 0);
  const weights = counted.map((task) => task.weight ?? 1);
  const isWeighted = weights.some((weight) => weight !== 1);
  const interval = taskMeanInterval(
    counted.map((task) => task.successes / task.trials),
    {
      maxEffectiveTrials: Math.max(1, trials * (isWeighted ? kishShare(weights) : 1)),
      ...options,
      ...(isWeighted ? { weights } : {}),
    },
  );
  return {
    value: interval.value,
    lower: interval.lower,
    upper: interval.upper,
    method: interval.method,
    tasks: counted.length,
    trials,
    effectiveTrials: interval.effectiveTrials,
  };
}

/** Throws the RangeError of the first impossible count, weight or level. */
function checkSuccessCounts(
  counts: readonly SuccessCounts[],
  options: SuccessRateIntervalOptions,
): void {
  const fn = 'successRateInterval';
  counts.forEach(({ successes, trials, weight }, index) => {
    checkCount({ fn, path: `counts[${index}].trials` }, trials);
    checkCountUpTo({ fn, path: `counts[${index}].successes` }, successes, {
      value: trials,
      path: `counts[${index}].trials`,
    });
    if (weight !== undefined) checkWeight({ fn, path: `counts[${index}].weight` }, weight);
  });
  if (options.level !== undefined) checkLevel({ fn, path: 'options.level' }, options.level);
}
