import type { ExitReason, TerminalReason, TrialRecord } from '../schema/index.js';

/** What observers of a run learn of each trial: enough for progress, not the whole record. */
export interface TrialOutline {
  readonly trial_id: string;
  readonly task_id: string;
  readonly attempt: number;
  readonly rerun: number;
  readonly success: boolean;
  readonly valid: boolean;
  readonly terminal_reason: TerminalReason;
  readonly exit_reason: ExitReason;
}

export function outlineOf(trial: TrialRecord): TrialOutline {
  return {
    trial_id: trial.trial_id,
    task_id: trial.task_id,
    attempt: trial.attempt,
    rerun: trial.rerun,
    success: trial.success,
    valid: trial.valid,
    terminal_reason: trial.terminal_reason,
    exit_reason: trial.exit_reason,
  };
}
