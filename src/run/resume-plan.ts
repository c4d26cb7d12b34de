import type { TrialRecord } from '../schema/index.js';
import type { Task } from '../task/index.js';

/** One of a task's k trials still to play, from the given rerun on. */
export interface PendingAttempt {
  readonly task: Task;
  readonly attempt: number;
  readonly firstRerun: number;
}

export interface AttemptPlan {
  readonly pending: readonly PendingAttempt[];
  /** Attempts whose final record is already stored. */
  readonly done: number;
}

/**
 * What a run still has to play, given the trials already stored: an
 * attempt is done once its last record is valid or used the last rerun;
 * otherwise it goes on from the rerun after the last one stored. A new
 * run has nothing stored, so every attempt starts at rerun 0.
 */
export function planAttempts(
  tasks: readonly Task[],
  trialsPerTask: number,
  maxReruns: number,
  stored: readonly Pick<TrialRecord, 'task_id' | 'attempt' | 'rerun' | 'valid'>[] = [],
): AttemptPlan {
  const last = new Map<string, { rerun: number; valid: boolean }>();
  for (const trial of stored) {
    const key = `${trial.task_id}\u0000${trial.attempt}`;
    const seen = last.get(key);
    if (seen === undefined || trial.rerun > seen.rerun)
      last.set(key, { rerun: trial.rerun, valid: trial.valid });
  }
  const pending: PendingAttempt[] = [];
  let done = 0;
  for (const task of tasks) {
    for (let attempt = 1; attempt <= trialsPerTask; attempt++) {
      const seen = last.get(`${task.id}\u0000${attempt}`);
      if (seen !== undefined && (seen.valid || seen.rerun >= maxReruns)) done++;
      else pending.push({ task, attempt, firstRerun: seen === undefined ? 0 : seen.rerun + 1 });
    }
  }
  return { pending, done };
}
