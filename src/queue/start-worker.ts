import { Worker } from 'bullmq';
import type { Job } from 'bullmq';
import type { JobResult } from './play-job.js';
import type { QueueAddress } from './queue-address.js';
import { parseQueueJobData } from './queue-job.js';
import type { QueueJobData } from './queue-job.js';

/** How long a worker may go silent before its jobs are given to another. */
export interface StallSettings {
  /**
   * How long a worker's hold on a job lasts without renewal (renewed at
   * half this while the trial plays). Default 30000 ms.
   */
  readonly lockDurationMs: number;
  /** How often workers look for jobs whose holder went silent. Default 30000 ms. */
  readonly stalledIntervalMs: number;
}

export const DEFAULT_STALL_SETTINGS: StallSettings = {
  lockDurationMs: 30_000,
  stalledIntervalMs: 30_000,
};

/** What a worker tells its shell about each job. */
export type WorkerEvent =
  | { readonly type: 'job-end'; readonly jobId: string; readonly result: JobResult }
  | {
      readonly type: 'job-failed';
      readonly jobId: string;
      readonly error: Error;
      /** True when the queue will try the job again. */
      readonly willRetry: boolean;
    }
  | { readonly type: 'worker-error'; readonly error: Error };

export interface QueueWorker {
  /** Takes no more jobs, lets the jobs in flight finish, and disconnects. */
  close(): Promise<void>;
}

/**
 * Takes trial jobs from the queue, `concurrency` at a time, until closed.
 * A job whose processor throws goes back to the queue with backoff (the
 * attempts its coordinator gave it); a worker that dies while holding a
 * job loses its lock, and the stalled-job check hands the job to another.
 */
export function startWorker(options: {
  readonly address: QueueAddress;
  readonly concurrency: number;
  readonly stall?: StallSettings;
  readonly play: (data: QueueJobData) => Promise<JobResult>;
  readonly onEvent?: (event: WorkerEvent) => void;
}): QueueWorker {
  const stall = options.stall ?? DEFAULT_STALL_SETTINGS;
  const worker = new Worker<unknown, JobResult>(
    options.address.name,
    (job: Job<unknown, JobResult>) => options.play(parseQueueJobData(job.data, job.id)),
    {
      connection: { ...options.address.connection, maxRetriesPerRequest: null },
      prefix: options.address.prefix,
      concurrency: options.concurrency,
      lockDuration: stall.lockDurationMs,
      stalledInterval: stall.stalledIntervalMs,
      maxStalledCount: 2,
    },
  );
  worker.on('completed', (job, result) => {
    options.onEvent?.({ type: 'job-end', jobId: job.id ?? '', result });
  });
  worker.on('failed', (job, error) => {
    const attempts = job?.opts.attempts ?? 1;
    options.onEvent?.({
      type: 'job-failed',
      jobId: job?.id ?? '',
      error,
      willRetry: job !== undefined && job.attemptsMade < attempts,
    });
  });
  worker.on('error', (error) => options.onEvent?.({ type: 'worker-error', error }));
  return { close: () => worker.close() };
}
