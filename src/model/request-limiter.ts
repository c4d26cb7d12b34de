/**
 * The limits on requests to one provider endpoint (`provider:base_url`),
 * held by every caller of that endpoint: in one process, or in every worker
 * of a distributed run.
 */
export interface RequestLimits {
  /** Requests in flight at once (`--max-concurrent-requests`). */
  readonly maxConcurrentRequests: number;
  /** Requests started in any rolling minute (`--requests-per-minute`); absent: no such limit. */
  readonly requestsPerMinute?: number;
}

/**
 * Where every request to one provider endpoint waits its turn: under a
 * limit on requests in flight, a limit on requests started per rolling
 * minute, and a pause shared by all its callers. When the provider answers
 * one call with a 429 or 503 and a Retry-After, that call reports it with
 * `pause`, and no request through the same limiter starts before the time
 * is up (each call still backs off and retries on its own).
 *
 * A limiter that cannot do its work (its shared store does not answer)
 * rejects `run` before the work starts; the model caller then makes the
 * trial invalid (infrastructure), never the agent's failure.
 *
 * @example
 * const limiter = createLocalRequestLimiter(
 *   { maxConcurrentRequests: 8, requestsPerMinute: 500 },
 *   { now: Date.now, sleep },
 * );
 * const answer = await limiter.run(() => fetchAnswer(), signal);
 */
export interface RequestLimiter {
  /**
   * Runs `work` once a slot is free, the minute's budget allows it and no
   * pause is in force; the slot is freed when it settles. Rejects with the
   * signal's reason if it aborts while waiting.
   */
  run<T>(work: () => Promise<T>, signal: AbortSignal): Promise<T>;
  /**
   * The provider asked to wait `durationMs` (Retry-After on a 429 or 503):
   * no request through this limiter starts before then. A shorter pause
   * than one in force changes nothing.
   */
  pause(durationMs: number): Promise<void>;
}

/** Makes the limiter of each provider endpoint; called once per endpoint a run talks to. */
export type RequestLimiterFactory = (endpoint: string, limits: RequestLimits) => RequestLimiter;

/** No limit at all: for a single request (the preflight) and for tests. */
export const UNLIMITED_REQUESTS: RequestLimiter = {
  run: (work) => work(),
  pause: () => Promise.resolve(),
};
