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
  /**
   * Each task's weight (> 0, finite), aligned with the estimates; default
   * all 1. The value is then Σ w_i·v_i / Σ w_i (see {@link weightedSpread}).
   */
  readonly weights?: readonly number[];
}

/**
 * The weighted mean of task estimates, the cluster-robust variance of that
 * mean and the effective number of tasks, for weights w_i (normalised to
 * shares p_i = w_i / Σ w):
 *
 *   v̄_w = Σ p_i·v_i
 *   V   = m/(m − 1) · Σ p_i²·(v_i − v̄_w)²   (the clustered "sandwich"
 *         variance of a weighted mean, with the small-sample factor)
 *   m_eff = 1 / Σ p_i²                       (Kish's effective number of tasks)
 *
 * With equal weights V = s²/m and m_eff = m: the unweighted figures,
 * exactly (equal weights are detected and take the unweighted path, so
 * rounding cannot move them).
 */
export function weightedSpread(
  estimates: readonly number[],
  weights?: readonly number[],
): { readonly value: number; readonly varianceOfMean: number; readonly effectiveTasks: number } {
  const tasks = estimates.length;
  const isEqual = weights === undefined || weights.every((weight) => weight === weights[0]);
  if (isEqual) {
    const value = estimates.reduce((sum, estimate) => sum + estimate, 0) / tasks;
    const squares = estimates.reduce((sum, estimate) => sum + (estimate - value) ** 2, 0);
    return {
      value,
      varianceOfMean: tasks > 1 ? squares / (tasks - 1) / tasks : Number.NaN,
      effectiveTasks: tasks,
    };
  }
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const shares = weights.map((weight) => weight / total);
  const value = estimates.reduce((sum, estimate, i) => sum + shares[i]! * estimate, 0);
  const spread = estimates.reduce(
    (sum, estimate, i) => sum + shares[i]! ** 2 * (estimate - value) ** 2,
    0,
  );
  return {
    value,
    varianceOfMean: tasks > 1 ? (tasks / (tasks - 1)) * spread : Number.NaN,
    effectiveTasks: 1 / shares.reduce((sum, share) => sum + share ** 2, 0),
  };
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
  /** The t quantile's degrees of freedom: tasks − 1 (with unequal weights, ⌊m_eff⌋ − 1, at least 1). */
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
    estimates.every((estimate) => estimate >= 0 && estimate <= 1) &&
    (options.weights === undefined ||
      (options.weights.length === tasks &&
        options.weights.every((weight) => weight > 0 && Number.isFinite(weight))));
  if (!isValid) return result('invalid-input');
  if (tasks === 0) return result('no-tasks');
  const { value, varianceOfMean, effectiveTasks } = weightedSpread(estimates, options.weights);
  if (tasks === 1) {
    const bounds = wilsonScoreBounds(
      value,
      options.maxEffectiveTrials,
      normalQuantile(0.5 + level / 2),
    );
    return result('wilson-single-task', value, options.maxEffectiveTrials, bounds);
  }
  // Unequal weights leave fewer effective tasks to estimate V from: m_eff − 1
  // degrees of freedom (whole, rounded down, at least 1); m − 1 when equal.
  const degreesOfFreedom = Math.max(1, Math.floor(effectiveTasks + 1e-9) - 1);
  const quantile = studentTQuantile(0.5 + level / 2, degreesOfFreedom);
  const isFlatAtEdge = varianceOfMean === 0 && (value === 0 || value === 1);
  const effectiveTrials = isFlatAtEdge
    ? effectiveTasks
    : varianceOfMean === 0
      ? options.maxEffectiveTrials
      : Math.min(options.maxEffectiveTrials, (value * (1 - value)) / varianceOfMean);
  return {
    ...result(
      isFlatAtEdge ? 'clustered-wilson-tasks-only' : 'clustered-wilson',
      value,
      effectiveTrials,
      wilsonScoreBounds(value, effectiveTrials, quantile),
    ),
    degreesOfFreedom,
  };
}
