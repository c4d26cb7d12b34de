import { checkLevel } from './check-estimator-input.js';
import { clopperPearsonInterval } from './clopper-pearson-interval.js';
import type { ProportionInterval } from './wilson-interval.js';

/**
 * Cohen's kappa for two raters over the same items (e.g. people and a
 * judge model), from their confusion table: `counts[i][j]` items the first
 * rater labelled `i` and the second `j`.
 */
export interface CohensKappa {
  /** (p_o − p_e) / (1 − p_e); NaN when chance agreement p_e is 1 (both raters used one label). */
  readonly kappa: number;
  /** p_o: the share of items both raters labelled alike. */
  readonly observedAgreement: number;
  /** p_e: the agreement expected by chance from each rater's label shares. */
  readonly chanceAgreement: number;
  readonly items: number;
  /** Bounds on kappa, within [−1, 1]; NaN where kappa is. */
  readonly interval: ProportionInterval;
  /**
   * How the agreement's bounds were found: exact bounds for independent
   * items, or clustered by task (see `clusteredCohensKappa`).
   */
  readonly method: 'clopper-pearson-agreement' | 'task-bootstrap-agreement';
}

/**
 * Cohen's kappa with an interval that keeps its confidence for small
 * samples and near-perfect agreement.
 *
 * The interval maps exact (Clopper–Pearson) bounds on the observed
 * agreement through κ = (p_o − p_e)/(1 − p_e) at the observed chance
 * agreement. Why not the textbook large-sample interval (Fleiss, Cohen and
 * Everitt, 1969): its standard error shrinks to 0 as agreement nears 1, so
 * with a good judge it collapses towards a point; in simulation (120
 * designs: 2–4 labels, balanced to 95/5 prevalence, agreement 0.6–1,
 * 20–300 items; `npm run simulate:kappa`) it covered the true kappa as
 * rarely as 14.5% of the time, while this interval never fell below 94.9%
 * (mean 98.3%) and Wilson bounds in place of the exact ones fell to 88.2%.
 * See docs/statistics.md. The items must be independent: for items that
 * come in tasks (trials) use `clusteredCohensKappa`.
 *
 * @example
 * cohensKappa([[20, 5], [10, 15]]).kappa; // 0.4 (p_o 0.7, p_e 0.5)
 */
export function cohensKappa(
  counts: readonly (readonly number[])[],
  confidence = 0.95,
): CohensKappa {
  checkLevel({ fn: 'cohensKappa', path: 'confidence' }, confidence);
  const labels = counts.length;
  let items = 0;
  let agreed = 0;
  const rowTotals = new Array<number>(labels).fill(0);
  const columnTotals = new Array<number>(labels).fill(0);
  counts.forEach((row, i) => {
    if (row.length !== labels) throw new RangeError('cohensKappa needs a square table');
    row.forEach((count, j) => {
      if (!Number.isInteger(count) || count < 0)
        throw new RangeError(`cohensKappa needs whole counts ≥ 0, got ${count} at [${i}][${j}]`);
      items += count;
      rowTotals[i]! += count;
      columnTotals[j]! += count;
      if (i === j) agreed += count;
    });
  });
  const observedAgreement = items === 0 ? Number.NaN : agreed / items;
  const chanceAgreement =
    items === 0
      ? Number.NaN
      : rowTotals.reduce((sum, total, i) => sum + (total / items) * (columnTotals[i]! / items), 0);
  const isDefined = items > 0 && chanceAgreement < 1;
  const toKappa = (agreement: number): number =>
    isDefined ? (agreement - chanceAgreement) / (1 - chanceAgreement) : Number.NaN;
  const bounds = clopperPearsonInterval(agreed, items, confidence);
  return {
    kappa: toKappa(observedAgreement),
    observedAgreement,
    chanceAgreement,
    items,
    interval: { lower: Math.max(-1, toKappa(bounds.lower)), upper: toKappa(bounds.upper) },
    method: 'clopper-pearson-agreement',
  };
}
