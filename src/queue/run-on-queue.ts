import { Job, Queue, QueueEvents } from 'bullmq';
import { EndstateError, startStopwatch, wallClockIso } from '../core/index.js';
import { planAttempts } from '../run/index.js';
import type { RunEvent, TrialOutline } from '../run/index.js';
import type { RunRecord, TrialRecord } from '../schema/index.js';
import type { RunStore } from '../store/index.js';
import type { Task } from '../task/index.js';
import { enqueueAttempts, queuedAttempts } from './enqueue-attempts.js';
import type { JobRetry, QueuedAttempt } from './enqueue-attempts.js';
import type { QueueAddress } from './queue-address.js';

export interface RunOnQueueOptions {
  readonly address: QueueAddress;
  /** The run, already in the store (a new run) or read from it (`--resume`). */
  readonly run: RunRecord;
  readonly store: RunStore;
  /** The run's tasks, in its order. */
  readonly tasks: readonly Task[];
  /** Trials a resumed run has stored: their attempts are not queued again. */
  readonly stored?: readonly TrialRecord[];
  /** What workers open: the store (a PostgreSQL URL or an absolute SQLite path) and the suite folder (absolute). */
  readonly place: { readonly store: string; readonly suitePath: string };
  readonly retry?: JobRetry;
  readonly onEvent?: (event: RunEvent) => void;
  /** Asked between waits: once it returns an error, the run is marked interrupted and it is thrown. */
  readonly stop?: () => Error | undefined;
  /** After this long without news from the queue, every outstanding job's state is read. Default 5000 ms. */
  readonly reconcileMs?: number;
}

/** A job the queue gave up on, and why. */
interface FailedJob {
  readonly jobId: string;
  readonly reason: string;
}

/**
 * A run played by workers: queues one job per pending attempt, follows
 * them through the queue's events (reading each outstanding job's state
 * after a quiet spell, so a missed event or a job Redis lost is caught),
 * and once none is outstanding closes the run: `finished` when the store
 * holds a final record of every planned attempt, else `interrupted`
 * (resumable) with an E_QUEUE error naming the jobs that failed.
 */
export async function runOnQueue(options: RunOnQueueOptions): Promise<RunRecord> {
  const { run, store, tasks, address } = options;
  const plannedTrials = tasks.length * run.trials_per_task;
  const plan = planAttempts(tasks, run.trials_per_task, run.max_reruns, options.stored);
  const stored = { successes: 0, invalid: 0 };
  for (const trial of options.stored ?? []) {
    if (trial.success) stored.successes++;
    if (!trial.valid) stored.invalid++;
  }
  options.onEvent?.({ type: 'run-start', run, plannedTrials, alreadyDone: plan.done, stored });
  const attempts = queuedAttempts(run, plan.pending, options.place);
  const outstanding = new Map(attempts.map((attempt) => [attempt.jobId, attempt]));
  const failed: FailedJob[] = [];
  let completed = plan.done;
  // Restarted at every news from the queue.
  let sinceNews = startStopwatch();
  let wake = (): void => {};

  const finishJob = (jobId: string, result: unknown): void => {
    if (!outstanding.delete(jobId)) return;
    const outlines = outlinesOf(result);
    outlines.forEach((trial, index) => {
      const willRerun = index < outlines.length - 1;
      if (!willRerun) completed++;
      options.onEvent?.({ type: 'trial-end', trial, completed, plannedTrials, willRerun });
    });
    sinceNews = startStopwatch();
    wake();
  };
  const failJob = (jobId: string, reason: string): void => {
    if (!outstanding.delete(jobId)) return;
    failed.push({ jobId, reason });
    sinceNews = startStopwatch();
    wake();
  };

  const connection = { ...address.connection, maxRetriesPerRequest: null };
  const queue = new Queue(address.name, { connection, prefix: address.prefix });
  const events = new QueueEvents(address.name, { connection, prefix: address.prefix });
  events.on('completed', ({ jobId, returnvalue }) => finishJob(jobId, returnvalue));
  events.on('failed', ({ jobId, failedReason }) => failJob(jobId, failedReason));
  // Reported through the reconciliation: a lost connection is retried by the client.
  events.on('error', () => {});
  queue.on('error', () => {});
  try {
    await events.waitUntilReady();
    await enqueueAttempts(queue, attempts, options.retry);
    const reconcileMs = options.reconcileMs ?? 5000;
    while (outstanding.size > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(reconcileMs, 1000));
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      const stop = options.stop?.();
      if (stop !== undefined) throw stop;
      if (outstanding.size > 0 && sinceNews.elapsedMs() >= reconcileMs) {
        await reconcile(queue, outstanding, { finishJob, failJob }, options.retry);
        sinceNews = startStopwatch();
      }
    }
    store.flush?.();
    const missing = planAttempts(
      tasks,
      run.trials_per_task,
      run.max_reruns,
      await store.listTrialKeys(run.run_id),
    ).pending;
    if (missing.length > 0) throw unplayedError(run, missing.length, plannedTrials, failed);
  } catch (error) {
    await store.finishRun(run.run_id, 'interrupted', wallClockIso());
    throw error;
  } finally {
    await events.close();
    await queue.close();
  }
  const finishedAt = wallClockIso();
  await store.finishRun(run.run_id, 'finished', finishedAt);
  const finished: RunRecord = { ...run, status: 'finished', finished_at: finishedAt };
  options.onEvent?.({ type: 'run-end', run: finished });
  return finished;
}

/**
 * Reads the state of every outstanding job: a finished one whose event was
 * missed is taken as finished; one the queue no longer knows (Redis
 * restarted without its data) is queued again.
 */
async function reconcile(
  queue: Queue,
  outstanding: ReadonlyMap<string, QueuedAttempt>,
  on: {
    readonly finishJob: (jobId: string, result: unknown) => void;
    readonly failJob: (jobId: string, reason: string) => void;
  },
  retry: JobRetry | undefined,
): Promise<void> {
  const lost: QueuedAttempt[] = [];
  for (const [jobId, attempt] of [...outstanding]) {
    const state = await queue.getJobState(jobId);
    if (state === 'completed' || state === 'failed') {
      const job = await Job.fromId(queue, jobId);
      if (state === 'completed') on.finishJob(jobId, job?.returnvalue);
      else on.failJob(jobId, job?.failedReason ?? 'failed');
    } else if (state === 'unknown') {
      lost.push(attempt);
    }
  }
  if (lost.length > 0) await enqueueAttempts(queue, lost, retry);
}

/** The trials a job reports, as the worker returned them. */
function outlinesOf(result: unknown): TrialOutline[] {
  if (typeof result !== 'object' || result === null) return [];
  const trials = (result as { trials?: unknown }).trials;
  return Array.isArray(trials) ? (trials as TrialOutline[]) : [];
}

function unplayedError(
  run: RunRecord,
  missing: number,
  planned: number,
  failed: readonly FailedJob[],
): EndstateError {
  const shown = failed.slice(0, 10);
  return new EndstateError(
    'E_QUEUE',
    `${missing} of ${planned} planned trial(s) of run ${run.run_id} have no record: ${failed.length} job(s) failed after their retries; the run is marked interrupted`,
    {
      problems: [
        ...shown.map((job) => ({ message: `job ${job.jobId}: ${job.reason}` })),
        ...(failed.length > shown.length
          ? [{ message: `and ${failed.length - shown.length} more` }]
          : []),
      ],
      hint: `These are failures of the workers or their services, not of the agent. Once fixed, go on with endstate run --resume ${run.run_id} --queue URL (the same --store).`,
      retryable: true,
    },
  );
}
