import type { TrialRecord } from '../../schema/index.js';

/** One task's valid trials that ended in agent_error. */
export interface AgentErrorSummary {
  readonly task_id: string;
  readonly trials: number;
  /** The error of the task's first trial that ended in agent_error. */
  readonly example: string | null;
}

/**
 * Per task, valid trials that ended in agent_error (a command agent's
 * non-JSON line, a crash) with the first one's error, in task order; tasks
 * with none are left out.
 */
export function summariseAgentErrors(
  taskIds: readonly string[],
  trials: readonly TrialRecord[],
): AgentErrorSummary[] {
  const byTask = new Map<string, { trials: number; example: string | null }>();
  for (const trial of trials) {
    if (!trial.valid || trial.exit_reason !== 'agent_error') continue;
    const entry = byTask.get(trial.task_id);
    if (entry === undefined) byTask.set(trial.task_id, { trials: 1, example: trial.error });
    else entry.trials += 1;
  }
  return taskIds.flatMap((taskId) => {
    const errored = byTask.get(taskId);
    return errored === undefined ? [] : [{ task_id: taskId, ...errored }];
  });
}
