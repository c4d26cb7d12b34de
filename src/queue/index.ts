export { checkQueueReachable } from './check-queue-reachable.js';
export { DEFAULT_JOB_RETRY, enqueueAttempts, queuedAttempts } from './enqueue-attempts.js';
export type { JobRetry, QueuedAttempt } from './enqueue-attempts.js';
export { createJobPlayer } from './play-job.js';
export type { JobPlayer, JobPlayerContext, JobResult, PlayedSystem } from './play-job.js';
export { DEFAULT_QUEUE_NAME, DEFAULT_QUEUE_PREFIX, parseQueueAddress } from './queue-address.js';
export type { QueueAddress } from './queue-address.js';
export { QueueJobDataSchema, identityOfJobId, jobIdOf, parseQueueJobData } from './queue-job.js';
export type { JobIdentity, QueueJobData } from './queue-job.js';
export { runOnQueue } from './run-on-queue.js';
export type { RunOnQueueOptions } from './run-on-queue.js';
export { DEFAULT_STALL_SETTINGS, startWorker } from './start-worker.js';
export type { QueueWorker, StallSettings, WorkerEvent } from './start-worker.js';
export {
  DEFAULT_LEASE_MS,
  DEFAULT_LIMITER_PREFIX,
  createRedisRequestLimiter,
  redisRequestLimiterFactory,
  requestLimiterKeys,
} from './redis-request-limiter.js';
export type { RedisRequestLimiterOptions } from './redis-request-limiter.js';
export { openSharedRequestLimits } from './shared-request-limits.js';
export type { SharedRequestLimits } from './shared-request-limits.js';
export { createRunQueue } from './create-run-queue.js';
export type { RunQueueOptions } from './create-run-queue.js';
