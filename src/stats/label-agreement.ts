import { clusteredCohensKappa } from './clustered-cohens-kappa.js';
import type { AgreementCluster, ClusteredCohensKappa } from './clustered-cohens-kappa.js';
import type { ProportionInterval } from './wilson-interval.js';

/** One item labelled twice: by the reference rater (people) and by the rater under test (a judge). */
export interface LabelPair {
  readonly reference: string;
  readonly rater: string;
  /**
   * The task the item belongs to (e.g. a trial's task id): items of one
   * task are correlated, so intervals count tasks. An item without one
   * is its own task.
   */
  readonly task?: string;
}

/** How the rater under test does on one label, with people's labels as the truth. */
export interface LabelScore {
  readonly label: string;
  /** Items people gave this label. */
  readonly referenceCount: number;
  /** Items the rater gave this label. */
  readonly raterCount: number;
  /** Items both gave this label. */
  readonly agreed: number;
  /** agreed / raterCount: of the rater's labels, the share people agree with (NaN when it never used it). */
  readonly precision: number;
  /** agreed / referenceCount: of people's labels, the share the rater found (NaN when people never used it). */
  readonly recall: number;
}

/** Agreement of a rater with people over the same items. */
export interface LabelAgreement {
  /** Every label either rater used, sorted. */
  readonly labels: readonly string[];
  /** `confusion[i][j]`: items people labelled `labels[i]` and the rater `labels[j]`. */
  readonly confusion: readonly (readonly number[])[];
  readonly items: number;
  /** The clusters of the intervals: the distinct tasks, each item without a task counted as one. */
  readonly tasks: number;
  /** Items that named no task, each counted as its own task. */
  readonly itemsWithoutTask: number;
  /**
   * Share of items labelled alike, with its interval clustered by task:
   * the bounds kappa's interval maps (see `clusteredCohensKappa`).
   */
  readonly accuracy: { readonly rate: number; readonly interval: ProportionInterval };
  readonly kappa: ClusteredCohensKappa;
  readonly perLabel: readonly LabelScore[];
}

/** Per task (in order of first appearance), its items and how many were labelled alike. */
function agreementClusters(pairs: readonly LabelPair[]): AgreementCluster[] {
  const byTask = new Map<string, { agreed: number; items: number }>();
  const alone: AgreementCluster[] = [];
  for (const pair of pairs) {
    const agreed = pair.reference === pair.rater ? 1 : 0;
    if (pair.task === undefined) {
      alone.push({ agreed, items: 1 });
      continue;
    }
    const cluster = byTask.get(pair.task) ?? { agreed: 0, items: 0 };
    cluster.agreed += agreed;
    cluster.items += 1;
    byTask.set(pair.task, cluster);
  }
  return [...byTask.values(), ...alone];
}

/**
 * Accuracy, Cohen's kappa, the confusion table and per-label precision and
 * recall of a rater (a judge model) against people, over items each
 * labelled by both. The intervals of accuracy and kappa are clustered by
 * the items' tasks (see `clusteredCohensKappa`).
 *
 * @example
 * labelAgreement([{ reference: 'pass', rater: 'pass' }, { reference: 'fail', rater: 'pass' }]).accuracy.rate; // 0.5
 */
export function labelAgreement(pairs: readonly LabelPair[]): LabelAgreement {
  const labels = [...new Set(pairs.flatMap((pair) => [pair.reference, pair.rater]))].sort();
  const index = new Map(labels.map((label, i) => [label, i]));
  const confusion = labels.map(() => labels.map(() => 0));
  for (const pair of pairs) confusion[index.get(pair.reference)!]![index.get(pair.rater)!]! += 1;
  const agreedAll = labels.reduce((sum, _, i) => sum + confusion[i]![i]!, 0);
  const perLabel = labels.map((label, i): LabelScore => {
    const referenceCount = confusion[i]!.reduce((sum, count) => sum + count, 0);
    const raterCount = confusion.reduce((sum, row) => sum + row[i]!, 0);
    const agreed = confusion[i]![i]!;
    return {
      label,
      referenceCount,
      raterCount,
      agreed,
      precision: raterCount === 0 ? Number.NaN : agreed / raterCount,
      recall: referenceCount === 0 ? Number.NaN : agreed / referenceCount,
    };
  });
  const clusters = agreementClusters(pairs);
  const kappa = clusteredCohensKappa(confusion, clusters);
  return {
    labels,
    confusion,
    items: pairs.length,
    tasks: kappa.tasks,
    itemsWithoutTask: pairs.filter((pair) => pair.task === undefined).length,
    accuracy: {
      rate: pairs.length === 0 ? Number.NaN : agreedAll / pairs.length,
      interval: kappa.agreementInterval,
    },
    kappa,
    perLabel,
  };
}
