import { moverDifferenceInterval } from '../stats/index.js';
import type { TaskMeanMethod } from '../stats/index.js';
import { pairedDifference } from './paired-difference.js';
import type { TaskDifference } from './paired-difference.js';
import { poolByCluster } from './sequence-clusters.js';
import type { SequenceRate } from './sequence-episodes.js';

/**
 * How a difference's interval was got:
 * - `paired-t`: the paired t interval over the clusters' differences;
 * - `sign-flip-hoeffding`: its exact fallback when the t-test is degenerate
 *   (one cluster, or every cluster's difference the same), as in `compare`;
 * - `newcombe-mover`: unpaired, from the two rates' own clustered intervals
 *   (Newcombe's hybrid score interval);
 * - `pseudo-task-bootstrap`, `wilson-single-task`: a rate's interval, when the difference is one rate
 *   from its maximum (regret against an oracle that passed every episode).
 */
export type SequenceDifferenceMethod =
  'paired-t' | 'sign-flip-hoeffding' | 'newcombe-mover' | TaskMeanMethod;

/** A difference of success rates with its 95% interval. */
export interface SequenceDifference {
  readonly value: number;
  readonly ci95: readonly [number, number];
  readonly method: SequenceDifferenceMethod;
  /** Why the paired t interval was set aside; null when it was used or does not apply. */
  readonly fallback_reason: string | null;
  /** The clusters the interval rests on (sequences, or twin tasks when paired by task). */
  readonly clusters: number;
}

/** One sequence's (or task's) difference and the episodes behind each side. */
export interface ClusterDifference {
  /** The sequence it comes from (a twin task: one of the sequences that play it), to find its cluster. */
  readonly sequence: string;
  readonly difference: number;
  readonly before: number;
  readonly after: number;
  /** How much the cluster counts in the mean (> 0); default 1. */
  readonly weight?: number;
}

/**
 * The weighted mean of per-sequence (or per-task) differences with
 * `compare`'s paired interval (paired t over clusters; sign-flip and
 * Hoeffding when that is degenerate), its bounds held to [−1, 1]. The
 * differences are first pooled by cluster (`sequenceClusters`: sequences
 * that share a task file are one cluster), each cluster weighing the sum
 * of its members' weights.
 */
export function pairedClusterDifference(
  items: readonly ClusterDifference[],
  clusters: ReadonlyMap<string, string>,
  seed: number,
): SequenceDifference {
  const pooled = poolByCluster(
    items.map((item) => ({
      sequence: item.sequence,
      value: item.difference,
      weight: item.weight ?? 1,
      episodes: 0,
    })),
    clusters,
  );
  const sides = new Map<string, { before: number; after: number }>();
  for (const item of items) {
    const name = clusters.get(item.sequence) ?? item.sequence;
    const side = sides.get(name) ?? { before: 0, after: 0 };
    side.before += item.before;
    side.after += item.after;
    sides.set(name, side);
  }
  const counts = [...sides.values()];
  const tasks: TaskDifference[] = pooled.map((cluster, index) => ({
    difference: cluster.value,
    trialsA: counts[index]!.before,
    trialsB: counts[index]!.after,
    weight: cluster.weight,
  }));
  if (tasks.length === 0) {
    return {
      value: Number.NaN,
      ci95: [Number.NaN, Number.NaN],
      method: 'paired-t',
      fallback_reason: 'no clusters',
      clusters: 0,
    };
  }
  const { difference } = pairedDifference(tasks, { seed });
  return {
    value: difference.value,
    // A difference of rates lies in [−1, 1]; the t interval can reach past it.
    ci95: [Math.max(-1, difference.ci95[0]), Math.min(1, difference.ci95[1])],
    method: difference.method,
    fallback_reason: difference.fallback_reason,
    clusters: tasks.length,
  };
}

/**
 * a − b of two rates estimated apart, by Newcombe's hybrid score interval
 * of their clustered intervals; `clusters`: the distinct sequences behind
 * either rate.
 */
export function unpairedDifference(
  a: SequenceRate,
  b: SequenceRate,
  clusters: number,
): SequenceDifference {
  const interval = moverDifferenceInterval(
    { value: a.value, lower: a.ci95[0], upper: a.ci95[1] },
    { value: b.value, lower: b.ci95[0], upper: b.ci95[1] },
  );
  return {
    value: interval.value,
    ci95: [interval.lower, interval.upper],
    method: 'newcombe-mover',
    fallback_reason: null,
    clusters,
  };
}
