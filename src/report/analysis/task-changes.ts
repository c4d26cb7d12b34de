import { boschlooExactTest, holmAdjustedPValues } from '../../stats/index.js';
import type { TaskChange, TaskCounts } from './comparison.js';

/** Family-wise error rate of the per-task lists. */
export const TASK_CHANGE_ALPHA = 0.05;

export interface TaskChangeVerdict {
  readonly p: number;
  readonly p_adjusted: number;
  readonly change: TaskChange;
}

/**
 * Each task's own verdict: Boschloo's exact test of A's successes/trials
 * against B's, then Holm's adjustment across all the tasks, so the chance
 * that any task whose rate did not change is called improved or regressed
 * is at most {@link TASK_CHANGE_ALPHA}, however many tasks there are. A
 * task whose rates differ without passing that bar is `within-noise`.
 */
export function taskChanges(
  tasks: readonly { readonly a: TaskCounts; readonly b: TaskCounts }[],
): TaskChangeVerdict[] {
  const pValues = tasks.map(({ a, b }) => boschlooExactTest(a, b).p);
  const adjusted = holmAdjustedPValues(pValues);
  return tasks.map(({ a, b }, index) => {
    const p = pValues[index] ?? Number.NaN;
    const pAdjusted = adjusted[index] ?? Number.NaN;
    const difference = b.success_rate - a.success_rate;
    const change: TaskChange =
      difference === 0
        ? 'unchanged'
        : pAdjusted < TASK_CHANGE_ALPHA
          ? difference > 0
            ? 'improved'
            : 'regressed'
          : 'within-noise';
    return { p, p_adjusted: pAdjusted, change };
  });
}
