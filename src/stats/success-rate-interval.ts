import { taskMeanInterval } from './task-mean-interval.js';
import type { TaskMeanMethod } from './task-mean-interval.js';

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
 * information and are left out; counts that are not whole numbers with
 * 0 ≤ successes ≤ trials, or a weight that is not positive and finite,
 * give NaN bounds (`invalid-input`).
 *
 * @example
 * successRateInterval(Array.from({ length: 10 }, () => ({ successes: 8, trials: 8 })));
 * // { value: 1, lower: 0.70…, upper: 1, method: 'pseudo-task-bootstrap', ... }
 */
export function successRateInterval(
  counts: readonly SuccessCounts[],
  options: SuccessRateIntervalOptions = {},
): SuccessRateInterval {
  const isValid = counts.every(
    ({ successes, trials }) =>
      Number.isInteger(trials) &&
      Number.isInteger(successes) &&
      successes >= 0 &&
      successes <= trials,
  );
  const counted = counts.filter((task) => task.trials > 0);
  const trials = counted.reduce((sum, task) => sum + task.trials, 0);
  const weights = counted.map((task) => task.weight ?? 1);
  const isWeighted = weights.some((weight) => weight !== 1);
  const interval = taskMeanInterval(
    isValid ? counted.map((task) => task.successes / task.trials) : [Number.NaN],
    {
      maxEffectiveTrials: Math.max(1, trials * (isWeighted ? kishShare(weights) : 1)),
      ...options,
      ...(isWeighted && isValid ? { weights } : {}),
    },
  );
  return {
    value: isValid ? interval.value : Number.NaN,
    lower: interval.lower,
    upper: interval.upper,
    method: interval.method,
    tasks: counted.length,
    trials,
    effectiveTrials: interval.effectiveTrials,
  };
}
