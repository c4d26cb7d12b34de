import { failedChecks } from '../../schema/index.js';
import type { GradedCheck, TrialRecord } from '../../schema/index.js';
import { proposeFailureLabel } from './propose-failure-label.js';
import type { FailureLabelProposal } from './propose-failure-label.js';

/** The failed checks of a trial record that decide success (gate and constraint graders). */
export function failedChecksOf(trial: TrialRecord): GradedCheck[] {
  return failedChecks(trial);
}

/** Whether a trial counts as a failure to label: valid and not a success. */
export const isLabelledFailure = (trial: TrialRecord): boolean => trial.valid && !trial.success;

/** The proposed failure label of a failed trial record (docs/failure-labels.md). */
export function proposeTrialFailureLabel(trial: TrialRecord): FailureLabelProposal {
  return proposeFailureLabel({
    exitReason: trial.exit_reason,
    terminalReason: trial.terminal_reason,
    failed: failedChecks(trial),
  });
}
