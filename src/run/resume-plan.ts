import type { TrialRecord } from '../schema/index.js';
import type { Sequence, Task } from '../task/index.js';

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

/** One of a sequence's k attempts still to play (all its episodes), from the given rerun on. */
export interface PendingSequenceAttempt {
  readonly sequence: Sequence;
  readonly attempt: number;
  readonly firstRerun: number;
}

/**
 * What a run still has to play of its sequences. An attempt's episodes are
 * stored together, so its last try (its highest rerun) is done when every
 * episode's record is valid, or when an invalid episode used the last
 * rerun; otherwise the whole attempt is played again from the next rerun.
 * `done` counts episode records, as the run's planned trials do.
 */
export function planSequenceAttempts(
  sequences: readonly Sequence[],
  trialsPerTask: number,
  maxReruns: number,
  stored: readonly Pick<TrialRecord, 'task_id' | 'attempt' | 'rerun' | 'valid'>[] = [],
): { readonly pending: readonly PendingSequenceAttempt[]; readonly done: number } {
  const sequenceOf = new Map<string, Sequence>();
  for (const sequence of sequences)
    for (const episode of sequence.episodes) sequenceOf.set(episode.id, sequence);
  const tries = new Map<string, { rerun: number; records: number; invalid: boolean }>();
  for (const trial of stored) {
    const sequence = sequenceOf.get(trial.task_id);
    if (sequence === undefined) continue;
    const key = `${sequence.id}\u0000${trial.attempt}`;
    const seen = tries.get(key);
    if (seen === undefined || trial.rerun > seen.rerun)
      tries.set(key, { rerun: trial.rerun, records: 1, invalid: !trial.valid });
    else if (trial.rerun === seen.rerun) {
      seen.records++;
      seen.invalid ||= !trial.valid;
    }
  }
  const pending: PendingSequenceAttempt[] = [];
  let done = 0;
  for (const sequence of sequences) {
    for (let attempt = 1; attempt <= trialsPerTask; attempt++) {
      const seen = tries.get(`${sequence.id}\u0000${attempt}`);
      const isDone =
        seen !== undefined &&
        (seen.invalid ? seen.rerun >= maxReruns : seen.records >= sequence.episodes.length);
      if (isDone) done += sequence.episodes.length;
      else pending.push({ sequence, attempt, firstRerun: seen === undefined ? 0 : seen.rerun + 1 });
    }
  }
  return { pending, done };
}
