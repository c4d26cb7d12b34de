import { FAILURE_LABELS } from '../../schema/index.js';
import type { FailureLabel, StoredFailureLabel, TrialRecord } from '../../schema/index.js';
import { isLabelledFailure, proposeTrialFailureLabel } from './trial-failure-label.js';

/** One labeller's labels of a run's failed trials. */
export interface HumanLabelCounts {
  readonly labeller: string;
  /** Failed trials this labeller labelled. */
  readonly labelled: number;
  readonly counts: Readonly<Record<FailureLabel, number>>;
  /** Of those, how many carry the label the rules proposed. */
  readonly agreed_with_proposed: number;
}

/** Why a run's trials failed: the proposed label counts, and people's where imported. */
export interface FailureLabelSummary {
  /** Valid trials that failed: the denominator of every count. */
  readonly failed_trials: number;
  readonly proposed: Readonly<Record<FailureLabel, number>>;
  readonly human: readonly HumanLabelCounts[];
}

const zeroCounts = (): Record<FailureLabel, number> =>
  Object.fromEntries(FAILURE_LABELS.map((label) => [label, 0])) as Record<FailureLabel, number>;

const trialKey = (trial: {
  run_id: string;
  task_id: string;
  attempt: number;
  rerun: number;
}): string => JSON.stringify([trial.run_id, trial.task_id, trial.attempt, trial.rerun]);

/**
 * Counts of failure labels over a run's failed trials: the label the rules
 * propose for each, and, per labeller, the labels people gave (imported
 * with `endstate labels import`; labels of other runs' trials are ignored).
 */
export function summariseFailureLabels(
  trials: readonly TrialRecord[],
  humanLabels: readonly StoredFailureLabel[] = [],
): FailureLabelSummary {
  const failed = trials.filter(isLabelledFailure);
  const proposed = zeroCounts();
  const proposedOf = new Map<string, FailureLabel>();
  for (const trial of failed) {
    const { label } = proposeTrialFailureLabel(trial);
    proposed[label]++;
    proposedOf.set(trialKey(trial), label);
  }
  const byLabeller = new Map<
    string,
    { labelled: number; counts: Record<FailureLabel, number>; agreed: number }
  >();
  for (const stored of humanLabels) {
    const proposedLabel = proposedOf.get(trialKey(stored));
    if (proposedLabel === undefined) continue;
    const entry = byLabeller.get(stored.labeller) ?? {
      labelled: 0,
      counts: zeroCounts(),
      agreed: 0,
    };
    entry.labelled++;
    entry.counts[stored.label]++;
    if (stored.label === proposedLabel) entry.agreed++;
    byLabeller.set(stored.labeller, entry);
  }
  return {
    failed_trials: failed.length,
    proposed,
    human: [...byLabeller]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([labeller, entry]) => ({
        labeller,
        labelled: entry.labelled,
        counts: entry.counts,
        agreed_with_proposed: entry.agreed,
      })),
  };
}
