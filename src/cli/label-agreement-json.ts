import type { LabelAgreement } from '../stats/index.js';

/** A share or bound for JSON: null where it has no value (NaN). */
const orNull = (value: number): number | null => (Number.isNaN(value) ? null : value);

/**
 * An agreement as JSON files hold it (snake_case, NaN as null), for
 * `endstate judge validate --json` and `endstate labels agree --json`;
 * `countKeys` name the two raters' per-label counts (reference first).
 */
export function labelAgreementJson(
  agreement: LabelAgreement,
  countKeys: readonly [reference: string, rater: string],
) {
  const { accuracy, kappa } = agreement;
  return {
    items: agreement.items,
    tasks: agreement.tasks,
    items_without_task: agreement.itemsWithoutTask,
    /** How the intervals count the items: by task, each item without a task its own. */
    clustering: 'task' as const,
    labels: agreement.labels,
    confusion: agreement.confusion,
    accuracy: {
      rate: orNull(accuracy.rate),
      ci95: [orNull(accuracy.interval.lower), orNull(accuracy.interval.upper)] as [
        number | null,
        number | null,
      ],
    },
    kappa: {
      value: orNull(kappa.kappa),
      ci95: [orNull(kappa.interval.lower), orNull(kappa.interval.upper)] as [
        number | null,
        number | null,
      ],
      observed_agreement: orNull(kappa.observedAgreement),
      chance_agreement: orNull(kappa.chanceAgreement),
      method: kappa.method,
    },
    per_label: agreement.perLabel.map((label) => ({
      label: label.label,
      [countKeys[0]]: label.referenceCount,
      [countKeys[1]]: label.raterCount,
      agreed: label.agreed,
      precision: orNull(label.precision),
      recall: orNull(label.recall),
    })),
  };
}
