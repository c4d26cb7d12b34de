import { clopperPearsonInterval } from './clopper-pearson-interval.js';
import { cohensKappa } from './cohens-kappa.js';
import type { CohensKappa } from './cohens-kappa.js';
import { taskMeanInterval } from './task-mean-interval.js';
import type { ProportionInterval } from './wilson-interval.js';

/** The items of one task (a cluster): how many both raters labelled, and how many alike. */
export interface AgreementCluster {
  readonly agreed: number;
  readonly items: number;
}

export interface ClusteredCohensKappaOptions {
  /** Two-sided confidence level in (0, 1); default 0.95. */
  readonly level?: number;
  /** Bootstrap draws; default that of {@link taskMeanInterval}. Fewer only to test. */
  readonly resamples?: number;
}

/** Cohen's kappa with an interval clustered by task, and the agreement's interval it maps. */
export interface ClusteredCohensKappa extends CohensKappa {
  /** Tasks with at least one item: the clusters. */
  readonly tasks: number;
  /** Bounds on the observed agreement p_o, clustered by task (NaN with no items). */
  readonly agreementInterval: ProportionInterval;
}

/**
 * Cohen's kappa of two raters over items that come in tasks (trials of one
 * task, answers to one prompt), with an interval that counts the tasks,
 * not the items, as the independent units: trials of one task are
 * correlated (a judge that misreads a task misreads its every trial), so
 * 8 trials of one task carry far less than 8 tasks' information.
 *
 * `counts` is the confusion table as for {@link cohensKappa}; `clusters`
 * gives, per task, its items and how many of them both raters labelled
 * alike, and must add up to the table (else a RangeError).
 *
 * The interval maps bounds on the observed agreement through
 * κ = (p_o − p_e)/(1 − p_e) at the observed chance agreement, as
 * {@link cohensKappa} does, but the bounds on p_o = Σ agreed / Σ items are
 * the hull of two: those of {@link taskMeanInterval} (the Bayesian
 * bootstrap of the tasks, each weighted by its items so that the mean is
 * p_o, with a pseudo-task at each end of [0, 1]) and the exact
 * Clopper–Pearson bounds of the items taken as independent.
 *
 * Why the task bootstrap and not a cluster-robust (linearised or
 * jackknife) variance: with a good judge most tasks agree on every item,
 * so the spread between tasks is near 0 and a variance-based interval
 * collapses towards a point, the failure of the large-sample interval
 * that the exact bounds were chosen to avoid; the pseudo-tasks keep a
 * task the sample did not hold able to disagree on all its items. Why the
 * hull: correlation within tasks only adds uncertainty, and with few
 * tasks and rare disagreements the bootstrap's upper bound on p_o, once
 * divided by 1 − p_e, can fall short where the exact one does not. So:
 * - with one item per task the bootstrap bounds are Beta quantiles inside
 *   Clopper–Pearson's, so the interval is the exact one of
 *   {@link cohensKappa}, and that is what it returns, without resampling;
 * - when each task's items are copies of one another it is that of one
 *   item per task, about √(items per task) wider than the exact one;
 * - it is monotone (one more agreeing item never lowers a bound: both
 *   parts are), continuous at 100% agreement, deterministic, never a point.
 * Simulated coverage with items clustered 2–8 per task:
 * docs/statistics.md, "Agreement with people".
 *
 * One item per task, or one task (nothing measures the spread between
 * tasks), gives the exact bounds of the items: `method` then is
 * `clopper-pearson-agreement`, else `task-bootstrap-agreement`.
 *
 * @example
 * // 10 tasks of 4 items; the judge misses every item of one task.
 * clusteredCohensKappa([[18, 2], [2, 18]], [
 *   ...Array.from({ length: 9 }, () => ({ agreed: 4, items: 4 })),
 *   { agreed: 0, items: 4 },
 * ]).tasks; // 10
 */
export function clusteredCohensKappa(
  counts: readonly (readonly number[])[],
  clusters: readonly AgreementCluster[],
  options: ClusteredCohensKappaOptions = {},
): ClusteredCohensKappa {
  const level = options.level ?? 0.95;
  const kappa = cohensKappa(counts, level);
  const agreed = counts.reduce((sum, row, i) => sum + (row[i] ?? 0), 0);
  const counted = clusters.filter((cluster) => cluster.items > 0);
  clusters.forEach((cluster, i) => {
    if (
      !Number.isInteger(cluster.items) ||
      !Number.isInteger(cluster.agreed) ||
      cluster.agreed < 0 ||
      cluster.agreed > cluster.items
    )
      throw new RangeError(
        `clusteredCohensKappa needs whole counts with 0 ≤ agreed ≤ items, got ${cluster.agreed} of ${cluster.items} in cluster ${i}`,
      );
  });
  const clusterItems = counted.reduce((sum, cluster) => sum + cluster.items, 0);
  const clusterAgreed = counted.reduce((sum, cluster) => sum + cluster.agreed, 0);
  if (clusterItems !== kappa.items || clusterAgreed !== agreed)
    throw new RangeError(
      `clusteredCohensKappa needs clusters that add up to the table: ${clusterAgreed} agreed of ${clusterItems} items in the clusters, ${agreed} of ${kappa.items} in the table`,
    );
  const exact = clopperPearsonInterval(agreed, kappa.items, level);
  // One item per task is independent items; one task has no spread between tasks to measure.
  const isClustered = counted.length > 1 && counted.some((cluster) => cluster.items > 1);
  if (!isClustered) return { ...kappa, tasks: counted.length, agreementInterval: exact };
  const bootstrap = taskMeanInterval(
    counted.map((cluster) => cluster.agreed / cluster.items),
    {
      maxEffectiveTrials: Math.max(1, kappa.items),
      level,
      weights: counted.map((cluster) => cluster.items),
      ...(options.resamples === undefined ? {} : { resamples: options.resamples }),
    },
  );
  // Clustering only adds uncertainty: never narrower than the items' exact bounds.
  const bounds = {
    lower: Math.min(bootstrap.lower, exact.lower),
    upper: Math.max(bootstrap.upper, exact.upper),
  };
  const isDefined = !Number.isNaN(kappa.kappa);
  const toKappa = (agreement: number): number =>
    isDefined ? (agreement - kappa.chanceAgreement) / (1 - kappa.chanceAgreement) : Number.NaN;
  return {
    ...kappa,
    tasks: counted.length,
    agreementInterval: { lower: bounds.lower, upper: bounds.upper },
    interval: { lower: Math.max(-1, toKappa(bounds.lower)), upper: toKappa(bounds.upper) },
    method: 'task-bootstrap-agreement',
  };
}
