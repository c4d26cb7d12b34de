import { APICallError } from '@ai-sdk/provider';

export type ModelErrorClass =
  /** Worth trying again: rate limits, server errors, timeouts, dropped connections. */
  | {
      readonly type: 'retryable';
      readonly retryAfterMs: number | undefined;
      /**
       * The provider asked every request to wait (a 429 or 503 with
       * Retry-After), not just this one: the caller pauses its endpoint's
       * limiter for `retryAfterMs`.
       */
      readonly pausesEndpoint: boolean;
      readonly message: string;
    }
  /** The provider refuses the request itself (bad key, unknown model, tools not supported). */
  | {
      readonly type: 'refused';
      readonly message: string;
      /**
       * The refusal will recur on every request of the run (401, 403, 404,
       * a 400 other than a too-long prompt): retrying or rerunning only
       * wastes time, so the run stops.
       */
      readonly stopsRun: boolean;
    };

const RETRYABLE_STATUS = new Set([408, 409, 425, 429, 500, 502, 503, 504, 529]);
/** Too many requests, or the service unavailable for now: the endpoint's trouble, not one request's. */
const PAUSING_STATUS = new Set([429, 503]);

/** Seconds or an HTTP date in Retry-After (or milliseconds in retry-after-ms). */
export function retryAfterMs(
  headers: Readonly<Record<string, string>> | undefined,
  now: number,
): number | undefined {
  if (headers === undefined) return undefined;
  const lower = Object.fromEntries(
    Object.entries(headers).map(([key, value]) => [key.toLowerCase(), value]),
  );
  const ms = Number(lower['retry-after-ms']);
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const value = lower['retry-after'];
  if (value === undefined) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Decides whether a failed model call is the provider's passing trouble or a refusal. */
export function classifyModelError(error: unknown, now: number): ModelErrorClass {
  const message = error instanceof Error ? error.message : String(error);
  if (APICallError.isInstance(error)) {
    const status = error.statusCode;
    if (error.isRetryable || (status !== undefined && RETRYABLE_STATUS.has(status))) {
      const wait = retryAfterMs(error.responseHeaders, now);
      return {
        type: 'retryable',
        retryAfterMs: wait,
        pausesEndpoint: wait !== undefined && status !== undefined && PAUSING_STATUS.has(status),
        message,
      };
    }
    return {
      type: 'refused',
      message: status === undefined ? message : `HTTP ${status}: ${message}`,
      stopsRun: status !== undefined && stopsRun(status, message),
    };
  }
  // Network failures and timeouts surface as plain errors from fetch.
  const code =
    (error as { code?: unknown; cause?: { code?: unknown } } | undefined)?.cause?.code ??
    (error as { code?: unknown } | undefined)?.code;
  if (
    (error instanceof Error &&
      (error.name === 'TimeoutError' ||
        /fetch failed|network|socket|timed? ?out/i.test(message))) ||
    (typeof code === 'string' &&
      /^(ECONNRESET|ECONNREFUSED|ETIMEDOUT|EPIPE|EAI_AGAIN|UND_ERR)/.test(code))
  ) {
    return { type: 'retryable', retryAfterMs: undefined, pausesEndpoint: false, message };
  }
  return { type: 'refused', message, stopsRun: false };
}

/** A prompt too long for the model is one trial's trouble, not the run's. */
const TOO_LONG = /context|too long|too many tokens|maximum.{0,20}tokens|token limit/i;

function stopsRun(status: number, message: string): boolean {
  if (status === 401 || status === 403 || status === 404) return true;
  return status === 400 && !TOO_LONG.test(message);
}
