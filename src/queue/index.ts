export { checkQueueReachable } from './check-queue-reachable.js';
export { createJobPlayer } from './play-job.js';
export type { PlayedSystem } from './play-job.js';
export { parseQueueAddress } from './queue-address.js';
export { startWorker } from './start-worker.js';
export type { WorkerEvent } from './start-worker.js';
export { openSharedRequestLimits } from './shared-request-limits.js';
export { createRunQueue } from './create-run-queue.js';
