/**
 * A clock that moves only when told, for code that takes `now` and `sleep`
 * as parameters (request limiters, model callers): sleepers wake in time
 * order as `advanceTo` passes their time, and each wake-up's follow-on work
 * runs before the next, so a test states what happened at each instant
 * with no real waiting.
 *
 * @example
 * const clock = createFakeClock();
 * const woke = clock.sleep(1000, new AbortController().signal);
 * await clock.advanceTo(1000); // `woke` has resolved, clock.now() === 1000
 */
export interface FakeClock {
  now(): number;
  /** Resolves once the clock reaches now + `ms`, or at once when the signal aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  /** Moves to `ms`, waking every sleeper due by then in order and letting its work run. */
  advanceTo(ms: number): Promise<void>;
}

export function createFakeClock(startMs = 0): FakeClock {
  let now = startMs;
  const sleepers: { at: number; wake: () => void }[] = [];
  // One turn of the event loop: pending promise callbacks run first.
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
  return {
    now: () => now,
    sleep(ms, signal) {
      return new Promise((resolve) => {
        const wake = (): void => {
          signal.removeEventListener('abort', wake);
          resolve();
        };
        sleepers.push({ at: now + ms, wake });
        signal.addEventListener('abort', wake, { once: true });
      });
    },
    async advanceTo(ms) {
      await settle();
      for (;;) {
        sleepers.sort((a, b) => a.at - b.at);
        const next = sleepers[0];
        if (next === undefined || next.at > ms) break;
        sleepers.shift();
        now = Math.max(now, next.at);
        next.wake();
        await settle();
      }
      now = Math.max(now, ms);
      await settle();
    },
  };
}
