import { EndstateError } from '../../core/index.js';
import type { RunRecord } from '../../schema/index.js';

/** A task's weight in a run's suite means: as the run recorded it, else 1. */
export const taskWeight = (run: RunRecord, taskId: string): number =>
  run.suite.weights?.[taskId] ?? 1;

/**
 * The weights of the tasks two runs share must be the same task by task:
 * a weighted mean difference needs one weight per task, and taking one
 * side's would let a change of weights pass for a change of the system.
 * Otherwise `E_NOT_COMPARABLE`, naming the first such task in A's order.
 */
export function checkTaskWeights(a: RunRecord, b: RunRecord): void {
  const inB = new Set(b.suite.task_ids);
  const differing = a.suite.task_ids.find(
    (taskId) => inB.has(taskId) && taskWeight(a, taskId) !== taskWeight(b, taskId),
  );
  if (differing === undefined) return;
  throw new EndstateError(
    'E_NOT_COMPARABLE',
    `cannot compare run ${a.run_id} with run ${b.run_id}: task ${differing} weighs ${taskWeight(a, differing)} in run ${a.run_id} and ${taskWeight(b, differing)} in run ${b.run_id}`,
    {
      hint: `A weighted difference needs the same weight for each task on both sides. Rerun one side with the other's task weights (the task file's \`weight\`), or compare runs of one weighting.`,
    },
  );
}
