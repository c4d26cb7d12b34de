import { FAILURE_LABELS } from '../../schema/index.js';
import type { FailureLabelSummary } from '../analysis/failure-label-summary.js';

/** The failure-label table of a report: a row per label in use, proposed then each labeller. */
export interface FailureLabelRows {
  readonly title: string;
  readonly head: readonly string[];
  readonly rows: readonly (readonly string[])[];
  /** Per labeller: how many of the failed trials they labelled and agreed with the rules on. */
  readonly notes: readonly string[];
}

/** The rows of the failure-label table, or undefined when no valid trial failed. */
export function failureLabelRows(summary: FailureLabelSummary): FailureLabelRows | undefined {
  if (summary.failed_trials === 0) return undefined;
  const used = FAILURE_LABELS.filter(
    (label) =>
      summary.proposed[label] > 0 || summary.human.some((labeller) => labeller.counts[label] > 0),
  );
  return {
    title: `Failure labels (of ${summary.failed_trials} failed valid trial(s); one label each; docs/failure-labels.md)`,
    head: ['label', 'proposed', ...summary.human.map((labeller) => labeller.labeller)],
    rows: used.map((label) => [
      label,
      String(summary.proposed[label]),
      ...summary.human.map((labeller) => String(labeller.counts[label])),
    ]),
    notes: summary.human.map(
      (labeller) =>
        `${labeller.labeller} labelled ${labeller.labelled} of ${summary.failed_trials}; agreed with the proposed label on ${labeller.agreed_with_proposed} of ${labeller.labelled}`,
    ),
  };
}
