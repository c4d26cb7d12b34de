import { boundedMeanInterval, successRateInterval } from '../../stats/index.js';
import type { TaskMeanMethod } from '../../stats/index.js';
import type { TrialWithGrades } from './plan-summary.js';
import { weightOf } from './task-weight.js';
import type { TaskWeights } from './task-weight.js';

/**
 * Partial credit over the valid trials whose task declares sub-goals,
 * beside the binary success of the same trials: a partial score never
 * stands in for success.
 */
export interface PartialSummary {
  /** Valid trials with a partial score. */
  readonly trials: number;
  readonly tasks: number;
  /** The task-weighted mean partial score: the mean over tasks of each task's mean score, by the suite's task weights (1 by default). */
  readonly mean: number;
  /** Its 95% interval, clustered by task (the success-rate method on task means). */
  readonly ci95: readonly [number, number];
  readonly method: TaskMeanMethod;
  /** Success of the same trials, task-weighted like the mean, with its 95% interval. */
  readonly success: {
    readonly successes: number;
    readonly rate: number;
    readonly ci95: readonly [number, number];
  };
}

/**
 * The mean partial score (the `partial` grade's score) with its clustered
 * interval, and the same trials' success; null when no trial has one.
 *
 * @example
 * // task a scores 1 and 0.5, task b 0.25: mean (0.75 + 0.25) / 2 = 0.5
 */
export function summarisePartial(
  valid: readonly TrialWithGrades[],
  weights: TaskWeights = {},
): PartialSummary | null {
  const scoresByTask = new Map<string, number[]>();
  const successByTask = new Map<string, { successes: number; trials: number }>();
  for (const trial of valid) {
    const score = trial.grades['partial']?.score;
    if (typeof score !== 'number') continue;
    scoresByTask.set(trial.task_id, [...(scoresByTask.get(trial.task_id) ?? []), score]);
    const tally = successByTask.get(trial.task_id) ?? { successes: 0, trials: 0 };
    tally.trials += 1;
    if (trial.success) tally.successes += 1;
    successByTask.set(trial.task_id, tally);
  }
  if (scoresByTask.size === 0) return null;
  const taskIds = [...scoresByTask.keys()];
  const interval = boundedMeanInterval([...scoresByTask.values()], {
    weights: taskIds.map((taskId) => weightOf(weights, taskId)),
  });
  const counts = taskIds.map((taskId) => ({
    ...successByTask.get(taskId)!,
    weight: weightOf(weights, taskId),
  }));
  const success = successRateInterval(counts);
  return {
    trials: interval.trials,
    tasks: interval.tasks,
    mean: interval.value,
    ci95: [interval.lower, interval.upper],
    method: interval.method,
    success: {
      successes: counts.reduce((sum, task) => sum + task.successes, 0),
      rate: success.value,
      ci95: [success.lower, success.upper],
    },
  };
}
