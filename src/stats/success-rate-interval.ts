import { clusteredWilsonInterval } from './clustered-wilson-interval.js';
import type { ClusteredWilsonMethod } from './clustered-wilson-interval.js';

/** Successes out of valid trials of one task. */
export interface SuccessCounts {
  readonly successes: number;
  readonly trials: number;
}

export interface SuccessRateIntervalOptions {
  /** Two-sided confidence level in (0, 1); default 0.95. */
  readonly level?: number;
}

export interface SuccessRateInterval {
  /** The task-weighted success rate: the mean over tasks of successes/trials. */
  readonly value: number;
  readonly lower: number;
  readonly upper: number;
  readonly method: ClusteredWilsonMethod;
  /** Tasks with at least one trial: the clusters. */
  readonly tasks: number;
  readonly trials: number;
  /** The independent trials that would give the rate its observed variance (at most `trials`). */
  readonly effectiveTrials: number;
}

/**
 * The confidence interval of a suite's success rate, for trials clustered
 * within tasks: the headline interval of every success-type rate endstate
 * reports (success, outcome-only success, slices, constraint pass rates).
 *
 * `value` is the task-weighted rate, the mean of per-task rates, so a task
 * run 20 times weighs no more than a task run 4 times (tasks may have
 * different numbers of valid trials). The interval is
 * {@link clusteredWilsonInterval} of the per-task rates with the effective
 * sample size capped at the number of trials: deterministic (the same
 * trials always give the same interval), never a single point, and
 * covering the mean rate of the tasks the suite stands for in at least
 * 93.5% of simulated suites in every design of docs/statistics.md.
 *
 * Tasks with no trials carry no information and are left out; counts that
 * are not whole numbers with 0 ≤ successes ≤ trials give NaN bounds
 * (`invalid-input`).
 *
 * @example
 * successRateInterval(Array.from({ length: 10 }, () => ({ successes: 8, trials: 8 })));
 * // { value: 1, lower: 0.661…, upper: 1, method: 'clustered-wilson-tasks-only', ... }
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
  const interval = clusteredWilsonInterval(
    isValid ? counted.map((task) => task.successes / task.trials) : [Number.NaN],
    { maxEffectiveTrials: Math.max(1, trials), ...options },
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
