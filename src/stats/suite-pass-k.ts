import { mean } from './mean.js';
import { passAtK } from './pass-at-k.js';
import { passHatK } from './pass-hat-k.js';

/** Trials recorded for one task: `n` trials, `c` of them successes. */
export interface TaskTrialCounts {
  readonly n: number;
  readonly c: number;
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
 * task weighs the same whatever its trial count.
 *
 * Why not raise the pooled success rate to the power k: a suite where half
 * the tasks always pass and half never do has a pooled rate of 0.5 but
 * pass^8 = 0.5, not 0.004; pass^k is about consistency per task, which
 * pooling erases.
 *
 * With no tasks, or a task with no trials, no k is estimable: maxK is 0 and
 * both records are empty. A task with impossible counts (c > n, c < 0,
 * fractional) makes the suite values NaN rather than vanish from the mean.
 *
 * @example
 * suitePassK([{ n: 4, c: 4 }, { n: 4, c: 2 }]).passHatK;
 * // { 1: 0.75, 2: 0.5833…, 3: 0.5, 4: 0.5 }
 */
export function suitePassK(tasks: readonly TaskTrialCounts[]): SuitePassK {
  const smallestN = tasks.reduce((smallest, task) => Math.min(smallest, task.n), Infinity);
  const maxK = Number.isInteger(smallestN) && smallestN > 0 ? smallestN : 0;
  const suiteAtK: Record<number, number> = {};
  const suiteHatK: Record<number, number> = {};
  for (let k = 1; k <= maxK; k += 1) {
    suiteAtK[k] = mean(tasks.map(({ n, c }) => passAtK(n, c, k)));
    suiteHatK[k] = mean(tasks.map(({ n, c }) => passHatK(n, c, k)));
  }
  return { maxK, passAtK: suiteAtK, passHatK: suiteHatK };
}
