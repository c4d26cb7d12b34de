import { wallClockIso } from '../core/index.js';
import type { RunStore } from '../store/index.js';

export interface InterruptGuard {
  /** The run to mark interrupted, once it has started. */
  runId: string | undefined;
  /** Stops listening for signals. */
  release(): void;
}

/**
 * On Ctrl-C or a kill: says `message(signal)`, marks the started run
 * interrupted (the finished trials are already stored) and exits with
 * 130 (SIGINT) or 143 (SIGTERM).
 */
export function guardInterrupts(
  store: RunStore,
  message: (signal: NodeJS.Signals) => void,
): InterruptGuard {
  const guard: InterruptGuard = {
    runId: undefined,
    release() {
      process.removeListener('SIGINT', onInterrupt);
      process.removeListener('SIGTERM', onInterrupt);
    },
  };
  function onInterrupt(signal: NodeJS.Signals): void {
    message(signal);
    const finish =
      guard.runId === undefined
        ? Promise.resolve()
        : store.finishRun(guard.runId, 'interrupted', wallClockIso());
    void finish.finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  }
  process.once('SIGINT', onInterrupt);
  process.once('SIGTERM', onInterrupt);
  return guard;
}
