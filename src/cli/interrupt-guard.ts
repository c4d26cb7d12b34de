import { wallClockIso } from '../core/index.js';
import type { RunStore } from '../store/index.js';

export interface InterruptGuard {
  /** The run to mark interrupted, once it has started. */
  runId: string | undefined;
  /** Once a signal came: the error that stops the run, so no more trials start. */
  readonly interruption: Error | undefined;
  /** Stops listening for signals. */
  release(): void;
}

/** How long marking the run interrupted may take before the process exits anyway. */
export const INTERRUPT_EXIT_MS = 3000;

/**
 * On Ctrl-C or a kill: says `message(signal)`, sets `interruption` (a run
 * asked with it as its `stop` starts no more trials), marks the started run
 * interrupted (the finished trials are already stored) and exits with
 * 130 (SIGINT) or 143 (SIGTERM). The exit never waits on the run: if the
 * store does not answer within INTERRUPT_EXIT_MS, or a second signal
 * comes, the process exits at once.
 */
export function guardInterrupts(
  store: RunStore,
  message: (signal: NodeJS.Signals) => void,
): InterruptGuard {
  let interruption: Error | undefined;
  const guard: InterruptGuard = {
    runId: undefined,
    get interruption() {
      return interruption;
    },
    release() {
      process.removeListener('SIGINT', onInterrupt);
      process.removeListener('SIGTERM', onInterrupt);
    },
  };
  function onInterrupt(signal: NodeJS.Signals): void {
    const code = signal === 'SIGINT' ? 130 : 143;
    if (interruption !== undefined) process.exit(code);
    interruption = new Error(`interrupted by ${signal}`);
    message(signal);
    setTimeout(() => process.exit(code), INTERRUPT_EXIT_MS);
    const finish =
      guard.runId === undefined
        ? Promise.resolve()
        : store.finishRun(guard.runId, 'interrupted', wallClockIso());
    void finish.finally(() => process.exit(code));
  }
  process.on('SIGINT', onInterrupt);
  process.on('SIGTERM', onInterrupt);
  return guard;
}
