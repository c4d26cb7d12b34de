import { normalQuantile } from './normal-quantile.js';
import { studentTQuantile } from './student-t-quantile.js';
import { wilsonScoreBounds } from './wilson-interval.js';

export interface ClusteredWilsonOptions {
  /**
   * The largest effective sample size the data can support: the number of
   * independent trials the estimates were made from (all valid trials for
   * a success rate). The effective size is capped there.
   */
  readonly maxEffectiveTrials: number;
  /** Two-sided confidence level in (0, 1); default 0.95. */
  readonly level?: number;
}

/**
 * How the interval was obtained:
 * - `clustered-wilson`: from the spread of the task estimates;
 * - `clustered-wilson-tasks-only`: every task's estimate is 0, or every
 *   one is 1, so the data say nothing of how far apart tasks can be; each
 *   task then counts as one observation (the worst case);
 * - `wilson-single-task`: one task has no between-task spread to
 *   measure; the Wilson interval of its trials (at the cap, with z);
 * - `no-tasks`, `invalid-input`: NaN bounds.
 */
export type ClusteredWilsonMethod =
  | 'clustered-wilson'
  | 'clustered-wilson-tasks-only'
  | 'wilson-single-task'
  | 'no-tasks'
  | 'invalid-input';

export interface ClusteredWilsonInterval {
  /** The mean of the task estimates. */
  readonly value: number;
  readonly lower: number;
  readonly upper: number;
  readonly method: ClusteredWilsonMethod;
  readonly tasks: number;
  /** n_eff: the independent trials that would give the mean its observed variance. */
  readonly effectiveTrials: number;
  /** The t quantile's degrees of freedom, tasks − 1. */
  readonly degreesOfFreedom: number;
}

const DEFAULT_LEVEL = 0.95;

/**
 * A confidence interval for the mean over tasks of per-task estimates in
 * [0, 1] (success rates, pass^k), treating tasks as a sample from the
 * tasks the suite stands for and a task's trials as correlated.
 *
 * Method, a Wilson score interval at an effective sample size, as survey
 * statistics does for proportions from cluster samples (Korn and Graubard,
 * Survey Methodology 24, 1998; Dean and Pagano, J. Survey Statistics and
 * Methodology 3, 2015):
 *
 *   v̄  = mean of the m task estimates v_i; s² their sample variance
 *   V  = s²/m, the cluster-robust variance of v̄ (unbiased whatever the
 *        number of trials of each task, and whatever their correlation)
 *   n_eff = v̄(1 − v̄)/V, capped at `maxEffectiveTrials`
 *   q  = t_{m−1} quantile at (1 + level)/2
 *   bounds: the Wilson interval of a rate v̄ over n_eff trials with q in place of z
 *
 * The Wilson form keeps the bounds inside [0, 1] and never collapses to a
 * point: its width shrinks with n_eff but stays positive. The t quantile
 * on m − 1 degrees of freedom pays for estimating V from m tasks (with
 * one trial per task, n_eff is m − 1 and the interval is a slightly wide
 * Wilson interval of the m outcomes).
 *
 * When every task has the same estimate, V is 0: a common estimate strictly
 * inside (0, 1) means the trials vary within tasks but not between them,
 * so n_eff is the cap; a common 0 or 1 shows no variation at all, and an
 * agent that solves 10 of 10 tasks every time may still fail a task the
 * suite did not hold. n_eff is then m (method
 * `clustered-wilson-tasks-only`): 10 tasks that all pass give
 * [66.1%, 100%] at 95%, the interval of 10 of 10 with each task counted
 * once, however many trials each had.
 *
 * Coverage of the mean of the task-rate distribution, simulated over
 * 112 designs (docs/statistics.md; `npm run simulate:intervals`): at
 * least 93.5% in every design and 96.9% on average.
 *
 * Edge cases: no tasks give NaN (`no-tasks`); an estimate outside [0, 1],
 * a level outside (0, 1) or a cap below 1 give NaN (`invalid-input`).
 *
 * @example
 * clusteredWilsonInterval([1, 0.25, 0.625], { maxEffectiveTrials: 24 });
 * // { value: 0.625, lower: 0.09…, upper: 0.96…, method: 'clustered-wilson', ... }
 */
export function clusteredWilsonInterval(
  estimates: readonly number[],
  options: ClusteredWilsonOptions,
): ClusteredWilsonInterval {
  const level = options.level ?? DEFAULT_LEVEL;
  const tasks = estimates.length;
  const nan = Number.NaN;
  const result = (
    method: ClusteredWilsonMethod,
    value = nan,
    effectiveTrials = nan,
    bounds = { lower: nan, upper: nan },
  ): ClusteredWilsonInterval => ({
    value,
    ...bounds,
    method,
    tasks,
    effectiveTrials,
    degreesOfFreedom: tasks - 1,
  });
  const isValid =
    level > 0 &&
    level < 1 &&
    options.maxEffectiveTrials >= 1 &&
    estimates.every((estimate) => estimate >= 0 && estimate <= 1);
  if (!isValid) return result('invalid-input');
  if (tasks === 0) return result('no-tasks');
  const value = estimates.reduce((sum, estimate) => sum + estimate, 0) / tasks;
  if (tasks === 1) {
    const bounds = wilsonScoreBounds(
      value,
      options.maxEffectiveTrials,
      normalQuantile(0.5 + level / 2),
    );
    return result('wilson-single-task', value, options.maxEffectiveTrials, bounds);
  }
  const squares = estimates.reduce((sum, estimate) => sum + (estimate - value) ** 2, 0);
  const varianceOfMean = squares / (tasks - 1) / tasks;
  const quantile = studentTQuantile(0.5 + level / 2, tasks - 1);
  const isFlatAtEdge = varianceOfMean === 0 && (value === 0 || value === 1);
  const effectiveTrials = isFlatAtEdge
    ? tasks
    : varianceOfMean === 0
      ? options.maxEffectiveTrials
      : Math.min(options.maxEffectiveTrials, (value * (1 - value)) / varianceOfMean);
  return result(
    isFlatAtEdge ? 'clustered-wilson-tasks-only' : 'clustered-wilson',
    value,
    effectiveTrials,
    wilsonScoreBounds(value, effectiveTrials, quantile),
  );
}
