/**
 * Follows writes that are not awaited one by one (the store commits in
 * groups) without holding on to them: a count, the first error, and a way
 * to wait for all. Keeping thousands of promises alive would make garbage
 * collection a large share of a fast run.
 */
export interface WriteTracker {
  track(write: Promise<void>): void;
  /** The first write that failed, if any. */
  readonly error: Error | undefined;
  /** Resolves once every tracked write has settled. */
  settled(): Promise<void>;
}

export function createWriteTracker(): WriteTracker {
  let pending = 0;
  let error: Error | undefined;
  let wake: (() => void) | undefined;
  const done = (): void => {
    pending--;
    if (pending === 0) wake?.();
  };
  return {
    track(write) {
      pending++;
      write.then(done, (failure: unknown) => {
        error ??= failure instanceof Error ? failure : new Error(String(failure));
        done();
      });
    },
    get error() {
      return error;
    },
    settled: () =>
      pending === 0
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            wake = resolve;
          }),
  };
}
