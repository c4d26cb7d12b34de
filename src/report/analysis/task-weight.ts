/** A suite's task weights (`weight` in the task files), by task id; a task not listed weighs 1. */
export type TaskWeights = Readonly<Record<string, number>>;

/** How much a task counts in a suite mean: its declared weight, 1 by default. */
export function weightOf(weights: TaskWeights, taskId: string): number {
  return Object.hasOwn(weights, taskId) ? weights[taskId]! : 1;
}
