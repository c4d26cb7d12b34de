import { mean } from './mean.js';
import { passAtK } from './pass-at-k.js';
import { passHatK } from './pass-hat-k.js';
import { checkCount, checkCountUpTo, checkWeight } from './check-estimator-input.js';

/** Trials recorded for one task: `n` trials, `c` of them successes. */
export interface TaskTrialCounts {
  readonly n: number;
  readonly c: number;
  /** How much the task counts in suite means (> 0); default 1. */
  readonly weight?: number;
}

/** Σ w_i·v_i / Σ w_i; the plain mean when every weight is 1 (so equal weights give it exactly). */
export function weightedMean(values: readonly number[], weights: readonly number[]): number {
  if (weights.every((weight) => weight === 1)) return mean(values);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  return values.reduce((sum, value, i) => sum + weights[i]! * value, 0) / total;
}

/** pass@k and pass^k of a suite, keyed by k = 1..maxK. */
export interface SuitePassK {
  /** The largest k every task supports: the smallest n of any task (0 when none). */
  readonly maxK: number;
  /** Task-weighted mean of per-task pass@k, a probability in [0, 1]. */
  readonly passAtK: Record<number, number>;
  /** Task-weighted mean of per-task pass^k, a probability in [0, 1]. */
  readonly passHatK: Record<number, number>;
}

/**
 * pass@k and pass^k of a suite for every k from 1 to the smallest number of
 * trials of any task. Each suite value is the mean over tasks of the
 * per-task unbiased estimate ({@link passAtK}, {@link passHatK}), so every
 * task weighs the same whatever its trial count; a task's `weight` (default
 * 1) makes it the weighted mean Σ w_i·v_i / Σ w_i.
 *
 * Why not raise the pooled success rate to the power k: a suite where half
 * the tasks always pass and half never do has a pooled rate of 0.5 but
 * pass^8 = 0.5, not 0.004; pass^k is about consistency per task, which
 * pooling erases.
 *
 * With no tasks, or a task with no trials, no k is estimable: maxK is 0 and
 * both records are empty.
 *
 * Throws RangeError when a task's n or c is not a whole number with
 * 0 ≤ c ≤ n, or its weight is not a finite number above 0; the message
 * names the task's index and field, e.g. `suitePassK: tasks[1].c is 5; it
 * must be a whole number from 0 to tasks[1].n (4)`.
 *
 * @example
 * suitePassK([{ n: 4, c: 4 }, { n: 4, c: 2 }]).passHatK;
 * // { 1: 0.75, 2: 0.5833…, 3: 0.5, 4: 0.5 }
 */
export function suitePassK(tasks: readonly TaskTrialCounts[]): SuitePassK {
  checkTaskTrialCounts('suitePassK', tasks);
  const smallestN = tasks.reduce((smallest, task) => Math.min(smallest, task.n), Infinity);
  const maxK = Number.isInteger(smallestN) && smallestN > 0 ? smallestN : 0;
  const weights = tasks.map((task) => task.weight ?? 1);
  const suiteAtK: Record<number, number> = {};
  const suiteHatK: Record<number, number> = {};
  for (let k = 1; k <= maxK; k += 1) {
    suiteAtK[k] = weightedMean(
      tasks.map(({ n, c }) => passAtK(n, c, k)),
      weights,
    );
    suiteHatK[k] = weightedMean(
      tasks.map(({ n, c }) => passHatK(n, c, k)),
      weights,
    );
  }
  return { maxK, passAtK: suiteAtK, passHatK: suiteHatK };
}

/** Throws the RangeError of the first task with impossible counts or weight, naming `fn`. */
export function checkTaskTrialCounts(fn: string, tasks: readonly TaskTrialCounts[]): void {
  tasks.forEach(({ n, c, weight }, index) => {
    checkCount({ fn, path: `tasks[${index}].n` }, n);
    checkCountUpTo({ fn, path: `tasks[${index}].c` }, c, { value: n, path: `tasks[${index}].n` });
    if (weight !== undefined) checkWeight({ fn, path: `tasks[${index}].weight` }, weight);
  });
}
