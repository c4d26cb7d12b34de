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
  return taskIds.flatMap((taskId) => {
    const errored = trials.filter(
      (trial) => trial.task_id === taskId && trial.valid && trial.exit_reason === 'agent_error',
    );
    const first = errored[0];
    return first === undefined
      ? []
      : [{ task_id: taskId, trials: errored.length, example: first.error }];
  });
}
