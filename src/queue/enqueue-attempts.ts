import type { Queue } from 'bullmq';
import type { PendingAttempt } from '../run/index.js';
import type { RunRecord } from '../schema/index.js';
import { jobIdOf } from './queue-job.js';
import type { QueueJobData } from './queue-job.js';

/** One attempt as a job: its deterministic id and its data. */
export interface QueuedAttempt {
  readonly jobId: string;
  readonly data: QueueJobData;
}

/** How often the queue plays a job that fails for infrastructure reasons, and how long it waits between. */
export interface JobRetry {
  /** Tries in all (1: no retry). */
  readonly attempts: number;
  /** The first wait; each next one doubles. */
  readonly backoffMs: number;
}

export const DEFAULT_JOB_RETRY: JobRetry = { attempts: 3, backoffMs: 5000 };

/** Finished jobs are kept a day (failed ones a week) for inspection, then dropped by BullMQ. */
const KEEP_COMPLETED = { age: 24 * 3600 };
const KEEP_FAILED = { age: 7 * 24 * 3600 };

/** The jobs of a run's pending attempts; where the worker finds the store and the suite. */
export function queuedAttempts(
  run: Pick<RunRecord, 'run_id' | 'suite'>,
  pending: readonly PendingAttempt[],
  place: { readonly store: string; readonly suitePath: string },
): QueuedAttempt[] {
  return pending.map((attempt) => {
    const data: QueueJobData = {
      run_id: run.run_id,
      task_id: attempt.task.id,
      attempt: attempt.attempt,
      first_rerun: attempt.firstRerun,
      store: place.store,
      suite_path: place.suitePath,
      suite_hash: run.suite.hash,
    };
    return { jobId: jobIdOf(data), data };
  });
}

/** States in which a job will still be played: it is kept, not added again. */
const LIVE_STATES = new Set(['waiting', 'active', 'delayed', 'prioritized', 'waiting-children']);

/**
 * Attempts read and added together: their states are asked at once (one
 * round trip's wait, not one per job), and the first batch is on the queue,
 * with workers playing it, while the next is read.
 */
const BATCH = 250;

/**
 * Puts each attempt on the queue under its job id. A job still waiting
 * or in play (a coordinator restarted with --resume) is kept as it is; a
 * finished one whose trial the store lacks (it failed, or was played into
 * a run already closed) is removed and added again, so it plays once more.
 */
export async function enqueueAttempts(
  queue: Queue,
  attempts: readonly QueuedAttempt[],
  retry: JobRetry = DEFAULT_JOB_RETRY,
): Promise<{ readonly added: number; readonly kept: number }> {
  let added = 0;
  let kept = 0;
  for (let start = 0; start < attempts.length; start += BATCH) {
    const batch = attempts.slice(start, start + BATCH);
    const states = await Promise.all(batch.map((attempt) => queue.getJobState(attempt.jobId)));
    const toAdd: QueuedAttempt[] = [];
    const removals: Promise<unknown>[] = [];
    batch.forEach((attempt, index) => {
      const state = states[index] ?? 'unknown';
      if (LIVE_STATES.has(state)) {
        kept++;
        return;
      }
      if (state !== 'unknown') removals.push(queue.remove(attempt.jobId));
      toAdd.push(attempt);
    });
    await Promise.all(removals);
    if (toAdd.length === 0) continue;
    await queue.addBulk(
      toAdd.map((attempt) => ({
        name: 'trial',
        data: attempt.data,
        opts: {
          jobId: attempt.jobId,
          attempts: retry.attempts,
          backoff: { type: 'exponential', delay: retry.backoffMs },
          removeOnComplete: KEEP_COMPLETED,
          removeOnFail: KEEP_FAILED,
        },
      })),
    );
    added += toAdd.length;
  }
  return { added, kept };
}
