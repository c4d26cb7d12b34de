import type { RunQueue } from '../run/index.js';
import type { JobRetry } from './enqueue-attempts.js';
import type { QueueAddress } from './queue-address.js';
import { runOnQueue } from './run-on-queue.js';

export interface RunQueueOptions {
  readonly address: QueueAddress;
  /** What workers open: the store (a PostgreSQL URL or an absolute SQLite path) and the suite folder (absolute). */
  readonly place: { readonly store: string; readonly suitePath: string };
  /** After this long without news from the queue, every outstanding job's state is read. Default 5000 ms. */
  readonly reconcileMs?: number;
  readonly retry?: JobRetry;
}

/** The queue at `address` as the place `playRun` plays a run's trials: one job per pending attempt, played by workers. */
export function createRunQueue(options: RunQueueOptions): RunQueue {
  return { play: (queued) => runOnQueue({ ...options, ...queued }) };
}
