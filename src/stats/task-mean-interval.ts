import { gammaDraws, PSEUDO_COLUMNS } from './gamma-draws.js';
import { normalQuantile } from './normal-quantile.js';
import { quantileSelect } from './quantile-select.js';
import { wilsonScoreBounds } from './wilson-interval.js';
import {
  checkCount,
  checkLevel,
  checkUnitValue,
  checkWeights,
  rejectInput,
} from './check-estimator-input.js';

export interface TaskMeanIntervalOptions {
  /**
   * The independent trials the estimates were made from (all valid trials
   * for a success rate): the sample size of the one-task interval, and the
   * cap of the reported effective trials.
   */
  readonly maxEffectiveTrials: number;
  /** Two-sided confidence level in (0, 1); default 0.95. */
  readonly level?: number;
  /**
   * Each task's weight (> 0, finite), aligned with the estimates; default
   * all 1. The value is then Σ w_i·v_i / Σ w_i.
   */
  readonly weights?: readonly number[];
  /** Bootstrap draws; default {@link TASK_MEAN_RESAMPLES}. Fewer only to test. */
  readonly resamples?: number;
}

/**
 * How the interval was obtained:
 * - `pseudo-task-bootstrap`: the Bayesian bootstrap of the tasks with a
 *   pseudo-task at each end (see {@link taskMeanInterval});
 * - `wilson-single-task`: one task has no between-task spread to
 *   measure; the Wilson interval of its trials: that task's own rate, not
 *   the suite's;
 * - `no-tasks`: no estimate at all, NaN value and bounds.
 */
export type TaskMeanMethod = 'pseudo-task-bootstrap' | 'wilson-single-task' | 'no-tasks';

export interface TaskMeanInterval {
  /** The (weighted) mean of the task estimates. */
  readonly value: number;
  readonly lower: number;
  readonly upper: number;
  readonly method: TaskMeanMethod;
  readonly tasks: number;
  /**
   * n_eff: the trials of a binomial rate as uncertain as this mean, the
   * Beta-equivalent size μ(1 − μ)/σ² − 1 of the bootstrap distribution,
   * capped at `maxEffectiveTrials`.
   */
  readonly effectiveTrials: number;
}

/** Bootstrap draws of every interval: quantile error about 3% of the distribution's spread at 95%. */
export const TASK_MEAN_RESAMPLES = 4000;
const DEFAULT_LEVEL = 0.95;
function betaEquivalentSize(draws: Float64Array): number {
  let sum = 0;
  for (const value of draws) sum += value;
  const centre = sum / draws.length;
  let squares = 0;
  for (const value of draws) squares += (value - centre) ** 2;
  const variance = squares / (draws.length - 1);
  return variance > 0 ? (centre * (1 - centre)) / variance - 1 : Number.POSITIVE_INFINITY;
}

/**
 * A confidence interval for the mean over tasks of per-task estimates in
 * [0, 1] (success rates, pass^k, mean scores), treating the tasks as a
 * sample from the tasks the suite stands for and a task's trials as
 * correlated: the interval of every success-type rate endstate reports.
 *
 * Method: the Bayesian bootstrap of the tasks (Rubin, Annals of
 * Statistics 9, 1981) with pseudo-tasks at the ends of [0, 1], in the
 * spirit of Gaffke's bound for the mean of a bounded variable (Gaffke
 * 2005; Learned-Miller and Thomas 2019). Each draw gives task i a weight
 * G_i·w_i with G_i ~ Exp(1), and
 *
 *   lower bound: the (1 − level)/2 quantile of
 *     (Σ G_i·w_i·v_i + w̄·H₁) / (Σ G_i·w_i + w̄·(E₀ + H₁))
 *     — a whole pseudo-task at 0 (E₀ ~ Exp(1)) and half a task at 1
 *     (H₁ ~ Gamma(½)): a task the suite did not hold may fail every time;
 *   upper bound: the (1 + level)/2 quantile of the mirror
 *     (Σ G_i·w_i·v_i + w̄·E₁) / (Σ G_i·w_i + w̄·(H₀ + E₁)),
 *
 * w̄ the mean weight, then widened to hold the value. With one trial per
 * task the bounds are exactly the Beta(k + ½, m − k + 1) and
 * Beta(k + 1, m − k + ½) quantiles, between Jeffreys' and Clopper and
 * Pearson's intervals; with many trials per task the spread of the task
 * estimates sets the width, whatever the trials' correlation.
 *
 * Properties that hold by construction, for one layout of tasks:
 * - **Monotone**: a draw's ratio grows with every v_i, and the draws
 *   depend only on the number of tasks, so raising any task's estimate
 *   (one more success) never lowers either bound.
 * - **Continuous**: no rule switches at 0% or 100%; all tasks at 1 give
 *   the same formula as all but one.
 * - Never a single point, always inside [0, 1], deterministic.
 *
 * Coverage of the mean of the task-rate distribution, simulated over 176
 * designs including suites where 10% of tasks never (or always) pass
 * (docs/statistics.md; `npm run simulate:intervals`): at least 93.4% in
 * every design and 97.4% on average.
 *
 * Edge cases: no tasks give NaN (`no-tasks`); one task gives the Wilson
 * interval of its `maxEffectiveTrials` trials (`wilson-single-task`).
 *
 * Throws RangeError when an estimate is outside [0, 1] (or NaN), the level
 * is outside (0, 1), `maxEffectiveTrials` is below 1 or not finite,
 * `resamples` is not a whole number ≥ 2, or `weights` does not hold one
 * finite weight above 0 per estimate; the message names the field and
 * index, e.g. `taskMeanInterval: options.weights[2] is 0; …`.
 *
 * @example
 * taskMeanInterval([1, 0.25, 0.625], { maxEffectiveTrials: 24 });
 * // { value: 0.625, lower: 0.1…, upper: 0.9…, method: 'pseudo-task-bootstrap', ... }
 */
export function taskMeanInterval(
  estimates: readonly number[],
  options: TaskMeanIntervalOptions,
): TaskMeanInterval {
  return taskMeanIntervals(
    [{ estimates, maxEffectiveTrials: options.maxEffectiveTrials }],
    options,
  )[0]!;
}

/**
 * {@link taskMeanInterval} of several lists of estimates of the same tasks
 * (pass@k and pass^k for every k, say), in one sweep over the bootstrap
 * draws: each interval is exactly the one `taskMeanInterval` gives its
 * list alone. `options.maxEffectiveTrials` is ignored for each list's own.
 */
export function taskMeanIntervals(
  lists: readonly { readonly estimates: readonly number[]; readonly maxEffectiveTrials: number }[],
  options: Omit<TaskMeanIntervalOptions, 'maxEffectiveTrials'>,
): TaskMeanInterval[] {
  const level = options.level ?? DEFAULT_LEVEL;
  const resamples = options.resamples ?? TASK_MEAN_RESAMPLES;
  const nan = Number.NaN;
  const weights = options.weights;
  const results: (TaskMeanInterval | undefined)[] = [];
  // Lists of more than one task, bootstrapped together when they have as many tasks.
  const pending = new Map<
    number,
    (BootstrapList & { index: number; value: number; maxEffectiveTrials: number })[]
  >();
  lists.forEach(({ estimates, maxEffectiveTrials }, index) => {
    const tasks = estimates.length;
    const result = (
      method: TaskMeanMethod,
      value = nan,
      effectiveTrials = nan,
      bounds = { lower: nan, upper: nan },
    ): TaskMeanInterval => ({ value, ...bounds, method, tasks, effectiveTrials });
    checkTaskMeanInput(estimates, { ...options, maxEffectiveTrials });
    if (tasks === 0) {
      results[index] = result('no-tasks');
      return;
    }
    // Equal weights take the unweighted path, so rounding cannot move the figures.
    const isEqual = weights === undefined || weights.every((weight) => weight === weights[0]);
    const taskWeights = Float64Array.from(estimates, (_, task) => (isEqual ? 1 : weights[task]!));
    // Each task's rate times its weight: a draw's sums are then two dot products.
    const weightedRates = Float64Array.from(
      estimates,
      (estimate, task) => estimate * taskWeights[task]!,
    );
    let weightTotal = 0;
    let weightedTotal = 0;
    for (let task = 0; task < tasks; task += 1) {
      weightTotal += taskWeights[task]!;
      weightedTotal += weightedRates[task]!;
    }
    const value = Math.min(1, Math.max(0, weightedTotal / weightTotal));
    if (tasks === 1) {
      const bounds = wilsonScoreBounds(value, maxEffectiveTrials, normalQuantile(0.5 + level / 2));
      results[index] = result('wilson-single-task', value, maxEffectiveTrials, bounds);
      return;
    }
    const list = {
      index,
      isEqual,
      taskWeights,
      weightedRates,
      weightTotal,
      value,
      maxEffectiveTrials,
    };
    pending.set(tasks, [...(pending.get(tasks) ?? []), list]);
  });
  for (const [tasks, group] of pending) {
    const bootstrapped = bootstrapLists(group, { tasks, resamples });
    group.forEach((list, position) => {
      const { lowerDraws, upperDraws } = bootstrapped[position]!;
      const effectiveTrials = Math.min(
        list.maxEffectiveTrials,
        (betaEquivalentSize(lowerDraws) + betaEquivalentSize(upperDraws)) / 2,
      );
      const lower = Math.min(list.value, quantileSelect(lowerDraws, (1 - level) / 2));
      const upper = Math.max(list.value, quantileSelect(upperDraws, (1 + level) / 2));
      results[list.index] = {
        value: list.value,
        lower,
        upper,
        method: 'pseudo-task-bootstrap',
        tasks,
        effectiveTrials,
      };
    });
  }
  return results as TaskMeanInterval[];
}

interface BootstrapList {
  readonly isEqual: boolean;
  readonly taskWeights: Float64Array;
  readonly weightedRates: Float64Array;
  readonly weightTotal: number;
}

/**
 * Each list's ratio in every draw, for the lower and the upper bound.
 *
 * Tasks that every list rates alike and that weigh the same are summed
 * first, column by column in task order: a suite of 1000 tasks with 10
 * trials each has at most 11 such groups. A list's sum of a draw is then
 * Σ over the groups of its rate × the group's sum of the draw (groups at
 * rate 0 add nothing): the same terms as task by task, added in another
 * order, so equal up to rounding (about 1e-16 of the sum).
 */
function bootstrapLists(
  lists: readonly BootstrapList[],
  layout: { readonly tasks: number; readonly resamples: number },
): { lowerDraws: Float64Array; upperDraws: Float64Array }[] {
  const { tasks, resamples } = layout;
  const { columns: draws, pseudo: pseudoDraws, rowTotals } = gammaDraws(tasks, resamples);
  // The weights are the call's, the same for every list.
  const taskWeights = lists[0]!.taskWeights;
  const groupIndex = new Map<string, number>();
  const groupOf = new Int32Array(tasks);
  const firstTasks: number[] = [];
  for (let task = 0; task < tasks; task += 1) {
    const key = `${taskWeights[task]!}:${lists.map((list) => list.weightedRates[task]!).join(':')}`;
    let group = groupIndex.get(key);
    if (group === undefined) {
      group = firstTasks.length;
      groupIndex.set(key, group);
      firstTasks.push(task);
    }
    groupOf[task] = group;
  }
  // Each group's sum of each draw's task weights G_i.
  const groupSums = new Float64Array(firstTasks.length * resamples);
  for (let task = 0; task < tasks; task += 1) {
    const at = task * resamples;
    const into = groupOf[task]! * resamples;
    for (let row = 0; row < resamples; row += 1)
      groupSums[into + row] = groupSums[into + row]! + draws[at + row]!;
  }
  const addGroups = (factor: (task: number) => number): Float64Array => {
    const sum = new Float64Array(resamples);
    firstTasks.forEach((task, group) => {
      const by = factor(task);
      if (by === 0) return;
      const at = group * resamples;
      for (let row = 0; row < resamples; row += 1) sum[row] = sum[row]! + groupSums[at + row]! * by;
    });
    return sum;
  };
  const sums = lists.map((list) => addGroups((task) => list.weightedRates[task]!));
  // Equal weights: each draw's total is the sum of its task weights.
  const totals = lists[0]!.isEqual ? rowTotals : addGroups((task) => taskWeights[task]!);
  return lists.map((list, index) => {
    const pseudo = list.weightTotal / tasks;
    const sum = sums[index]!;
    const lowerDraws = new Float64Array(resamples);
    const upperDraws = new Float64Array(resamples);
    for (let row = 0; row < resamples; row += 1) {
      const total = totals[row]!;
      // The pseudo-tasks' draws: whole at 0, half at 1 (lower); half at 0, whole at 1 (upper).
      const at = row * PSEUDO_COLUMNS;
      const zeroWhole = pseudoDraws[at]!;
      const oneHalf = pseudoDraws[at + 1]!;
      const zeroHalf = pseudoDraws[at + 2]!;
      const oneWhole = pseudoDraws[at + 3]!;
      lowerDraws[row] =
        (sum[row]! + pseudo * oneHalf) / (total + pseudo * zeroWhole + pseudo * oneHalf);
      upperDraws[row] =
        (sum[row]! + pseudo * oneWhole) / (total + pseudo * zeroHalf + pseudo * oneWhole);
    }
    return { lowerDraws, upperDraws };
  });
}

function checkTaskMeanInput(estimates: readonly number[], options: TaskMeanIntervalOptions): void {
  const fn = 'taskMeanInterval';
  estimates.forEach((estimate, index) =>
    checkUnitValue({ fn, path: `estimates[${index}]` }, estimate),
  );
  if (options.level !== undefined) checkLevel({ fn, path: 'options.level' }, options.level);
  const cap = options.maxEffectiveTrials;
  if (!(Number.isFinite(cap) && cap >= 1)) {
    rejectInput(
      { fn, path: 'options.maxEffectiveTrials' },
      cap,
      'it must be a finite number, 1 or more',
    );
  }
  if (options.resamples !== undefined) {
    checkCount({ fn, path: 'options.resamples' }, options.resamples, 2);
  }
  if (options.weights !== undefined) {
    checkWeights({ fn, path: 'options.weights' }, options.weights, {
      length: estimates.length,
      itemsPath: 'estimates',
    });
  }
}
