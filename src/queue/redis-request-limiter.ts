import { randomInt, randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { sleep } from '../core/index.js';
import { REQUEST_WINDOW_MS } from '../model/index.js';
import type { RequestLimiter, RequestLimiterFactory, RequestLimits } from '../model/index.js';
import { ACQUIRE, PAUSE, RENEW, runScript } from './redis-limiter-scripts.js';

export interface RedisRequestLimiterOptions {
  /** A connection of this process; commands must fail rather than queue while Redis is away (see docs/scale-out.md). */
  readonly redis: Redis;
  /** Prefix of the limiter's keys (default `endstate:limits`): runs sharing it share the limits. */
  readonly prefix?: string;
  /**
   * How long a slot stays taken without a renewal (default 30 s); a holder
   * renews every third of it while its request runs, so a worker killed
   * mid-request frees its slot at most this long after it died.
   */
  readonly leaseMs?: number;
  /** Longest wait before trying again for a slot when every one is held (default 100 ms). */
  readonly pollMs?: number;
  /** The window of the per-minute limit (default 60 s; tests shorten it). */
  readonly windowMs?: number;
  /**
   * Told when a slot could not be freed or renewed (Redis went away
   * mid-request): the request's answer still counts, and the slot frees
   * itself when its lease runs out.
   */
  readonly onTrouble?: (error: Error) => void;
}

export const DEFAULT_LIMITER_PREFIX = 'endstate:limits';
export const DEFAULT_LEASE_MS = 30_000;

/** The keys one endpoint's limits live under; `{…}` keeps them in one Redis Cluster slot. */
export function requestLimiterKeys(
  prefix: string,
  endpoint: string,
): { readonly holders: string; readonly starts: string; readonly pause: string } {
  const base = `${prefix}:{${encodeURIComponent(endpoint)}}`;
  return { holders: `${base}:holders`, starts: `${base}:starts`, pause: `${base}:pause` };
}

/**
 * The RequestLimiter of one provider endpoint, kept in Redis so that every
 * worker of a run (any process, any machine) holds the same limits: a
 * semaphore of leased slots (a sorted set of holders by lease end), a
 * sliding window of request start times, and a pause key whose time to live
 * is the Retry-After a provider asked for. Each step is one Lua script, so
 * checking and taking a slot is atomic.
 */
export function createRedisRequestLimiter(
  options: RedisRequestLimiterOptions & {
    readonly endpoint: string;
    readonly limits: RequestLimits;
  },
): RequestLimiter {
  const { redis, limits } = options;
  const prefix = options.prefix ?? DEFAULT_LIMITER_PREFIX;
  const keys = requestLimiterKeys(prefix, options.endpoint);
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const pollMs = options.pollMs ?? 100;
  const windowMs = options.windowMs ?? REQUEST_WINDOW_MS;
  const trouble = (what: string, error?: unknown): void => {
    const where = `${what} for ${options.endpoint} in Redis (${prefix})`;
    options.onTrouble?.(
      error === undefined
        ? new Error(where)
        : new Error(`${where}: ${messageOf(error)}`, { cause: error }),
    );
  };

  /**
   * This process's callers waiting for a slot while every one is held: a
   * slot this process frees wakes one at once, instead of leaving it idle
   * until the next poll (callers in other processes still poll).
   */
  const waiting = new Set<() => void>();
  const wakeOne = (): void => {
    const [first] = waiting;
    first?.();
  };
  const waitForSlot = (ms: number, signal: AbortSignal): Promise<void> =>
    new Promise<void>((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        waiting.delete(done);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      waiting.add(done);
      signal.addEventListener('abort', done, { once: true });
    });

  const acquire = async (token: string, signal: AbortSignal): Promise<void> => {
    for (;;) {
      signal.throwIfAborted();
      let reply: unknown;
      try {
        reply = await runScript(
          redis,
          ACQUIRE,
          [keys.holders, keys.starts, keys.pause],
          [token, limits.maxConcurrentRequests, limits.requestsPerMinute ?? 0, leaseMs, windowMs],
        );
      } catch (error) {
        throw new Error(
          `the request limits of ${options.endpoint} could not be read from Redis (${prefix}): ${messageOf(error)}`,
          { cause: error },
        );
      }
      const [taken, waitMs, reason] = reply as [number, number, number];
      if (taken === 1) return;
      // Jitter keeps waiting workers from asking all at once.
      const jitter = randomInt(0, Math.max(2, Math.ceil(pollMs / 4)));
      // A pause or a full window says exactly when to look again; a freed slot does not:
      // poll, or go at once when this process frees one.
      if (reason === 2) await waitForSlot(Math.max(1, Math.min(waitMs, pollMs)) + jitter, signal);
      else await sleep(Math.max(1, waitMs) + jitter, signal);
    }
  };

  const renewEvery = (token: string): NodeJS.Timeout => {
    const timer = setInterval(
      () => {
        runScript(redis, RENEW, [keys.holders], [token, leaseMs]).then(
          (renewed) => {
            if (renewed !== 1) {
              trouble(
                'a lease ran out before its request ended (the slot may be in use twice)',
                '',
              );
            }
          },
          (error: unknown) => trouble('a lease could not be renewed', error),
        );
      },
      Math.max(1, Math.floor(leaseMs / 3)),
    );
    timer.unref();
    return timer;
  };

  return {
    async run(work, signal) {
      const token = randomUUID();
      await acquire(token, signal);
      const release = () =>
        redis.zrem(keys.holders, token).catch((error: unknown) => {
          trouble('a slot could not be freed', error);
        });
      if (signal.aborted) {
        // Aborted while Redis was granting the slot: hand it back unused.
        await release();
        signal.throwIfAborted();
      }
      const renewal = renewEvery(token);
      try {
        return await work();
      } finally {
        clearInterval(renewal);
        // Freed without waiting for Redis's reply: the answer is the caller's
        // already. Once Redis has it, one of this process's waiters tries at
        // once; a failure is reported as trouble.
        void release().then(wakeOne);
      }
    },
    async pause(durationMs) {
      const ms = Math.ceil(durationMs);
      if (ms <= 0) return;
      try {
        await runScript(redis, PAUSE, [keys.pause], [ms]);
      } catch (error) {
        throw new Error(
          `the pause of ${options.endpoint} could not be written to Redis (${prefix}): ${messageOf(error)}`,
          { cause: error },
        );
      }
    },
  };
}

/** A limiter factory for the model wiring: every endpoint's limiter kept in Redis over one connection. */
export function redisRequestLimiterFactory(
  options: RedisRequestLimiterOptions,
): RequestLimiterFactory {
  return (endpoint, limits) => createRedisRequestLimiter({ ...options, endpoint, limits });
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
