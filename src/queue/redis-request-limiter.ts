import { randomInt, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Redis } from 'ioredis';
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
   * renews every third of it while it holds the slot, so a worker killed
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
 * checking and taking a slot is atomic. An answered request's slot passes
 * straight to a request of the same process waiting for one.
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

  /** Until when (monotonic clock) a pause this process reported, or Redis told it of, holds. */
  let pausedUntil = -Infinity;
  /** One try at a slot in Redis: its token when taken, else how long Redis says to wait and why. */
  const take = async (): Promise<
    { readonly token: string } | { readonly waitMs: number; readonly reason: number }
  > => {
    const token = randomUUID();
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
    if (reason === 1) pausedUntil = Math.max(pausedUntil, performance.now() + waitMs);
    if (taken !== 1) return { waitMs, reason };
    hold(token);
    return { token };
  };
  /**
   * When to ask again after a refusal. A pause or a full window says
   * exactly when; a freed slot does not, so every slot held means a poll
   * (or sooner, when this process frees one). Jitter keeps the workers from
   * asking all at once.
   */
  const retryAfter = ({ waitMs, reason }: { waitMs: number; reason: number }): number =>
    (reason === 2 ? Math.max(1, Math.min(waitMs, pollMs)) : Math.max(1, waitMs)) +
    randomInt(0, Math.max(2, Math.ceil(pollMs / 4)));

  /**
   * This process's requests waiting for a slot, first come, first served.
   * One poller asks Redis on behalf of the first of them, however many
   * wait; a slot this process frees goes straight to the first (see
   * `handOver`) or, freed in Redis, has the poller ask at once.
   */
  interface Waiter {
    readonly give: (token: string) => void;
    readonly fail: (error: Error) => void;
  }
  const waiting = new Set<Waiter>();
  const poller = { timer: undefined as NodeJS.Timeout | undefined, busy: false, again: false };
  const pollIn = (ms: number): void => {
    if (poller.busy) {
      if (ms === 0) poller.again = true;
      return;
    }
    if (waiting.size === 0) return;
    if (poller.timer !== undefined) {
      if (ms > 0) return;
      clearTimeout(poller.timer);
    }
    poller.timer = setTimeout(() => {
      poller.timer = undefined;
      void poll();
    }, ms);
  };
  const poll = async (): Promise<void> => {
    if (waiting.size === 0) return;
    poller.busy = true;
    poller.again = false;
    let next: number;
    try {
      const taken = await take();
      if ('token' in taken) {
        const [first] = waiting;
        if (first === undefined) void free(taken.token);
        else {
          waiting.delete(first);
          first.give(taken.token);
        }
        // A slot was free: another may be.
        next = 0;
      } else {
        next = retryAfter(taken);
      }
    } catch (error) {
      for (const waiter of [...waiting]) {
        waiting.delete(waiter);
        waiter.fail(error as Error);
      }
      next = 0;
    } finally {
      poller.busy = false;
    }
    pollIn(poller.again ? 0 : next);
  };

  /**
   * Gives a freed slot to the first request of this process waiting for
   * one, lease and all, where Redis would have given it the same slot: no
   * per-minute limit (each start must enter the window, in Redis) and no
   * pause this process knows of. The poller looked at Redis at most a poll
   * ago (else it would be sleeping out the pause it saw), so a pause
   * another worker reports holds this one's requests within a poll.
   */
  const handOver = (token: string): boolean => {
    const [first] = waiting;
    if (first === undefined || (limits.requestsPerMinute ?? 0) > 0) return false;
    if (pausedUntil > performance.now()) return false;
    waiting.delete(first);
    first.give(token);
    return true;
  };

  /** A slot's token: from Redis, or from a request of this process that frees one. */
  const acquire = async (signal: AbortSignal): Promise<string> => {
    signal.throwIfAborted();
    let refused: { waitMs: number; reason: number } | undefined;
    // A request does not overtake those already waiting: it joins them.
    if (waiting.size === 0) {
      const taken = await take();
      if ('token' in taken) return taken.token;
      refused = taken;
      signal.throwIfAborted();
    }
    return new Promise<string>((resolve, reject) => {
      const leave = (): void => {
        waiting.delete(waiter);
        signal.removeEventListener('abort', abort);
      };
      const waiter: Waiter = {
        give: (token) => {
          leave();
          resolve(token);
        },
        fail: (error) => {
          leave();
          reject(error);
        },
      };
      const abort = (): void => {
        leave();
        // The last to give up: no poll is owed (a pause's may be a minute away).
        if (waiting.size === 0 && poller.timer !== undefined) {
          clearTimeout(poller.timer);
          poller.timer = undefined;
        }
        reject(signal.reason as Error);
      };
      signal.addEventListener('abort', abort, { once: true });
      waiting.add(waiter);
      pollIn(refused === undefined ? pollMs : retryAfter(refused));
    });
  };

  /**
   * The lease renewal of each slot this process holds. It belongs to the
   * slot, not to the request: a slot handed from request to request keeps
   * its lease alive however long the chain runs.
   */
  const renewals = new Map<string, NodeJS.Timeout>();
  const hold = (token: string): void => {
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
    renewals.set(token, timer);
  };
  const free = (token: string): Promise<unknown> => {
    clearInterval(renewals.get(token));
    renewals.delete(token);
    return redis.zrem(keys.holders, token).catch((error: unknown) => {
      trouble('a slot could not be freed', error);
    });
  };

  return {
    async run(work, signal) {
      const token = await acquire(signal);
      if (signal.aborted) {
        // Aborted while the slot was being granted: hand it back unused.
        if (!handOver(token)) await free(token);
        signal.throwIfAborted();
      }
      let answered = false;
      try {
        const answer = await work();
        answered = true;
        return answer;
      } finally {
        // An answered request's slot goes to a waiting request of this process.
        // Any other is freed through Redis (a 429's caller is about to report
        // its pause there, and the next request must see it), without waiting
        // for the reply: once Redis has it, the poller asks at once for the
        // first waiting request. A failure to free it is reported as trouble.
        if (!(answered && handOver(token))) void free(token).then(() => pollIn(0));
      }
    },
    async pause(durationMs) {
      const ms = Math.ceil(durationMs);
      if (ms <= 0) return;
      pausedUntil = Math.max(pausedUntil, performance.now() + ms);
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
