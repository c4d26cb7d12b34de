import { Redis } from 'ioredis';
import type { RequestLimiterFactory } from '../model/index.js';
import type { QueueAddress } from './queue-address.js';
import { redisRequestLimiterFactory } from './redis-request-limiter.js';

/** The request limits every worker on one queue shares, and the connection that holds them. */
export interface SharedRequestLimits {
  /** For the model wiring: each provider endpoint's limiter, kept in the queue's Redis. */
  readonly limiterFor: RequestLimiterFactory;
  close(): Promise<void>;
}

/**
 * The request limiters of the workers of one queue, kept in the queue's
 * Redis under `<prefix>:limits`: every worker taking jobs from the same
 * Redis and prefix (any queue name, any run) counts against the same
 * limits per provider endpoint, as a provider counts the requests of one
 * account. Commands fail at once while Redis is away (no offline queue),
 * so a model call then fails as infrastructure instead of waiting.
 */
export function openSharedRequestLimits(
  address: QueueAddress,
  onTrouble?: (error: Error) => void,
): SharedRequestLimits {
  const redis = new Redis({
    ...address.connection,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
  });
  redis.on('error', (error: Error) => onTrouble?.(error));
  return {
    limiterFor: redisRequestLimiterFactory({
      redis,
      prefix: `${address.prefix}:limits`,
      ...(onTrouble === undefined ? {} : { onTrouble }),
    }),
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
