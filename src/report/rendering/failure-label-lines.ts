import type { FailureLabelLine, TrialRecord } from '../../schema/index.js';
import { abridgeMessage } from './abridge-message.js';
import {
  failedChecksOf,
  isLabelledFailure,
  proposeTrialFailureLabel,
} from '../analysis/trial-failure-label.js';

/** Longest final answer a labelling line carries; the trace holds the rest. */
const FINAL_ANSWER_CHARS = 500;

/**
 * The lines `endstate labels export` writes: one per failed trial, with
 * the proposed label and its evidence, the final answer (abridged) and the
 * failed checks' messages, `label` and `labeller` left null for a person.
 */
export function failureLabelLines(trials: readonly TrialRecord[]): FailureLabelLine[] {
  return trials.filter(isLabelledFailure).map((trial) => {
    const proposal = proposeTrialFailureLabel(trial);
    return {
      run_id: trial.run_id,
      task_id: trial.task_id,
      attempt: trial.attempt,
      rerun: trial.rerun,
      proposed_label: proposal.label,
      evidence: proposal.evidence,
      final_answer:
        trial.final_answer === null ? null : abridgeMessage(trial.final_answer, FINAL_ANSWER_CHARS),
      failed_checks: failedChecksOf(trial).map(
        (check) => `${check.grader}:${check.id}: ${check.message}`,
      ),
      label: null,
      labeller: null,
    };
  });
}
