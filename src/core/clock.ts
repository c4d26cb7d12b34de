import { performance } from 'node:perf_hooks';

/** The environment's notion of "now": frozen per task so trials are reproducible. */
export interface Clock {
  now(): Date;
  readonly iso: string;
}

const clocks = new Map<string, Clock>();

/** A clock stopped at `iso`. Tasks share a few clocks, so each is made once. */
export function frozenClock(iso: string): Clock {
  let clock = clocks.get(iso);
  if (clock === undefined) {
    clock = makeFrozenClock(iso);
    if (clocks.size < 10_000) clocks.set(iso, clock);
  }
  return clock;
}

function makeFrozenClock(iso: string): Clock {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new RangeError(`not an ISO 8601 time: ${iso}`);
  const canonicalIso = new Date(ms).toISOString();
  return { now: () => new Date(ms), iso: canonicalIso };
}

/** Monotonic elapsed time, for event timings and budgets (never for results). */
export interface Stopwatch {
  elapsedMs(): number;
}

/** Milliseconds to the microsecond (three decimals), as records keep timings. */
export function roundMs(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}

export function startStopwatch(): Stopwatch {
  const start = performance.now();
  return { elapsedMs: () => performance.now() - start };
}

/** The real wall-clock time, for run metadata only. */
export function wallClockIso(): string {
  return new Date(Date.now()).toISOString();
}

/** A timer that resolves after `ms` unless cancelled; it does not keep the process alive. */
export interface Timeout {
  readonly promise: Promise<'timeout'>;
  cancel(): void;
}

export function startTimeout(ms: number): Timeout {
  let handle: NodeJS.Timeout | undefined;
  const promise = new Promise<'timeout'>((resolve) => {
    handle = setTimeout(() => resolve('timeout'), ms);
    handle.unref();
  });
  return { promise, cancel: () => clearTimeout(handle) };
}

/**
 * Lets timers, I/O and signals run. Offline trials resolve through
 * microtasks only, so a long run that never yields would starve them.
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Waits `ms`, or less if the signal aborts first (it then resolves too: the caller checks the signal). */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted === true) {
      resolve();
      return;
    }
    const onAbort = (): void => {
      clearTimeout(handle);
      resolve();
    };
    const handle = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
