import type { ExitReason, TerminalReason, TrialRecord } from '../../schema/index.js';

/** Invalid attempts of one terminal and exit reason. */
export interface InvalidReason {
  readonly terminal_reason: TerminalReason;
  readonly exit_reason: ExitReason;
  readonly attempts: number;
  /** The error of the first such attempt; null when it recorded none. */
  readonly example: string | null;
}

/** Invalid attempts grouped by terminal and exit reason, most first, with an example error. */
export function countInvalidReasons(trials: readonly TrialRecord[]): InvalidReason[] {
  const groups = new Map<string, InvalidReason>();
  for (const trial of trials) {
    if (trial.valid) continue;
    const key = `${trial.terminal_reason}/${trial.exit_reason}`;
    const group = groups.get(key);
    groups.set(key, {
      terminal_reason: trial.terminal_reason,
      exit_reason: trial.exit_reason,
      attempts: (group?.attempts ?? 0) + 1,
      example: group === undefined ? trial.error : group.example,
    });
  }
  return [...groups.values()].sort(
    (a, b) =>
      b.attempts - a.attempts ||
      a.terminal_reason.localeCompare(b.terminal_reason) ||
      a.exit_reason.localeCompare(b.exit_reason),
  );
}
