import type { RequestLimiter, RequestLimits } from './request-limiter.js';

/** A limiter's time: milliseconds and a way to wait them (the shell passes the real ones). */
export interface LimiterClock {
  readonly now: () => number;
  /** Waits `ms`, or less if the signal aborts first (it then resolves too). */
  readonly sleep: (ms: number, signal: AbortSignal) => Promise<void>;
}

/** The rolling window of a requests-per-minute limit. */
export const REQUEST_WINDOW_MS = 60_000;

/**
 * The RequestLimiter of one process: a counter of requests in flight, the
 * start times of the last minute's requests and the time a pause ends.
 * Every caller of an endpoint in this process shares it; workers on other
 * machines need the Redis one (src/queue).
 */
export function createLocalRequestLimiter(
  limits: RequestLimits,
  clock: LimiterClock,
): RequestLimiter {
  const perMinute = limits.requestsPerMinute;
  let inFlight = 0;
  let pausedUntil = -Infinity;
  /** Start times within the window, oldest first; kept only with a per-minute limit. */
  const starts: number[] = [];
  const slotWaiters = new Set<() => void>();

  /** How long before a request may start by the pause and the minute's budget (0: now). */
  const waitMs = (now: number): number => {
    while (starts.length > 0 && starts[0]! <= now - REQUEST_WINDOW_MS) starts.shift();
    const rateWait =
      perMinute !== undefined && starts.length >= perMinute
        ? starts[starts.length - perMinute]! + REQUEST_WINDOW_MS - now
        : 0;
    return Math.max(pausedUntil - now, rateWait, 0);
  };

  /** Resolves when a slot is freed or the signal aborts; the caller checks again either way. */
  const slotFreed = (signal: AbortSignal): Promise<void> =>
    new Promise((resolve) => {
      const wake = (): void => {
        signal.removeEventListener('abort', wake);
        slotWaiters.delete(wake);
        resolve();
      };
      slotWaiters.add(wake);
      signal.addEventListener('abort', wake, { once: true });
    });

  const acquire = async (signal: AbortSignal): Promise<void> => {
    for (;;) {
      signal.throwIfAborted();
      const now = clock.now();
      const wait = waitMs(now);
      if (wait > 0) {
        await clock.sleep(wait, signal);
      } else if (inFlight >= limits.maxConcurrentRequests) {
        await slotFreed(signal);
      } else {
        // Checked and taken in one synchronous step: no other caller runs in between.
        inFlight++;
        if (perMinute !== undefined) starts.push(now);
        return;
      }
    }
  };

  return {
    async run(work, signal) {
      await acquire(signal);
      try {
        return await work();
      } finally {
        inFlight--;
        // Every waiter looks again: the first to run takes the slot, the rest wait on.
        for (const wake of [...slotWaiters]) wake();
      }
    },
    pause(durationMs) {
      pausedUntil = Math.max(pausedUntil, clock.now() + durationMs);
      return Promise.resolve();
    },
  };
}
