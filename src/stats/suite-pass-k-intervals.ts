import { taskMeanIntervals } from './task-mean-interval.js';
import { passAtK } from './pass-at-k.js';
import { passHatK } from './pass-hat-k.js';
import { kishShare } from './success-rate-interval.js';
import { checkTaskTrialCounts } from './suite-pass-k.js';
import type { TaskTrialCounts } from './suite-pass-k.js';
import { checkLevel } from './check-estimator-input.js';

/** A two-sided interval of a suite's pass@k or pass^k. */
export interface PassKInterval {
  readonly lower: number;
  readonly upper: number;
}

export interface SuitePassKIntervals {
  /** k → interval of the task-weighted pass@k, for k = 1..maxK. */
  readonly passAtK: Record<number, PassKInterval>;
  /** k → interval of the task-weighted pass^k, for k = 1..maxK. */
  readonly passHatK: Record<number, PassKInterval>;
}

/**
 * Confidence intervals of a suite's pass@k and pass^k for every k from 1
 * to the smallest number of trials of any task, clustered by task like
 * the success rate: {@link taskMeanInterval} of the per-task
 * unbiased estimates, so one more success never lowers a bound. The
 * effective sample size (a one-task interval's, and the reported cap) is
 * Σ ⌊n_i/k⌋, the disjoint blocks of k trials the tasks hold: each block
 * is one Bernoulli draw of "all k passed" (or "any passed"). At k = 1
 * both equal the success-rate interval. Task weights (`weight`) give the
 * weighted interval of {@link taskMeanInterval}, its cap scaled by
 * {@link kishShare}. With no tasks, or a task with no trials, no k is
 * estimable and both records are empty.
 *
 * Throws RangeError when a task's n or c is not a whole number with
 * 0 ≤ c ≤ n, its weight is not a finite number above 0, or the level is
 * outside (0, 1); the message names the task's index and field, e.g.
 * `suitePassKIntervals: tasks[0].weight is 0; …`.
 *
 * @example
 * suitePassKIntervals([{ n: 4, c: 4 }, { n: 4, c: 2 }, { n: 4, c: 0 }], { level: 0.95 }).passHatK[2];
 */
export function suitePassKIntervals(
  tasks: readonly TaskTrialCounts[],
  options: { readonly level?: number } = {},
): SuitePassKIntervals {
  checkTaskTrialCounts('suitePassKIntervals', tasks);
  if (options.level !== undefined) {
    checkLevel({ fn: 'suitePassKIntervals', path: 'options.level' }, options.level);
  }
  const smallestN = tasks.reduce((smallest, task) => Math.min(smallest, task.n), Infinity);
  const maxK = Number.isInteger(smallestN) && smallestN > 0 ? smallestN : 0;
  const weights = tasks.map((task) => task.weight ?? 1);
  const isWeighted = weights.some((weight) => weight !== 1);
  const share = isWeighted ? kishShare(weights) : 1;
  // Every k's pass@k and pass^k estimates, bootstrapped in one sweep.
  const lists: { estimates: number[]; maxEffectiveTrials: number }[] = [];
  for (let k = 1; k <= maxK; k += 1) {
    const blocks = tasks.reduce((sum, { n }) => sum + Math.floor(n / k), 0);
    const maxEffectiveTrials = Math.max(1, blocks * share);
    lists.push({ estimates: tasks.map(({ n, c }) => passAtK(n, c, k)), maxEffectiveTrials });
    lists.push({ estimates: tasks.map(({ n, c }) => passHatK(n, c, k)), maxEffectiveTrials });
  }
  const intervals = taskMeanIntervals(lists, {
    ...options,
    ...(isWeighted ? { weights } : {}),
  });
  const atK: Record<number, PassKInterval> = {};
  const hatK: Record<number, PassKInterval> = {};
  for (let k = 1; k <= maxK; k += 1) {
    const at = intervals[2 * (k - 1)]!;
    const hat = intervals[2 * (k - 1) + 1]!;
    atK[k] = { lower: at.lower, upper: at.upper };
    hatK[k] = { lower: hat.lower, upper: hat.upper };
  }
  return { passAtK: atK, passHatK: hatK };
}
