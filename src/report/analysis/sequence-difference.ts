import { moverDifferenceInterval } from '../../stats/index.js';
import type { TaskMeanMethod } from '../../stats/index.js';
import { clusteredSequenceRate } from './sequence-clusters.js';
import type { SequenceRate } from './sequence-episodes.js';

/**
 * How a difference's interval was got:
 * - `newcombe-mover`: from the two rates' own clustered intervals
 *   (Newcombe's hybrid score interval, {@link moverDifferenceInterval});
 * - `pseudo-task-bootstrap`, `wilson-single-task`: a rate's interval, when
 *   the difference is one rate from its maximum (regret against an oracle
 *   that passed every episode).
 */
export type SequenceDifferenceMethod = 'newcombe-mover' | TaskMeanMethod;

/** A difference of success rates with its 95% interval. */
export interface SequenceDifference {
  readonly value: number;
  readonly ci95: readonly [number, number];
  readonly method: SequenceDifferenceMethod;
  /** What limits the interval's reading (one cluster: that cluster's own difference); null when nothing does. */
  readonly fallback_reason: string | null;
  /** The clusters the interval rests on (sequences, or twin tasks when paired by task). */
  readonly clusters: number;
}

/** One sequence's (or task's) two rates and the episodes behind each. */
export interface ClusterDifference {
  /** The sequence it comes from (a twin task: one of the sequences that play it), to find its cluster. */
  readonly sequence: string;
  /** The first rate (before a change, within a session, the oracle's), in [0, 1]. */
  readonly rateA: number;
  /** The second rate (after the change, across sessions, the agent's), in [0, 1]. */
  readonly rateB: number;
  /** Episodes behind each rate. */
  readonly episodesA: number;
  readonly episodesB: number;
  /** How much the sequence counts in the mean (> 0); default 1. */
  readonly weight?: number;
}

/**
 * rateA − rateB as the weighted mean over sequences (or tasks) of each
 * one's difference, with Newcombe's interval built from the two rates'
 * clustered intervals ({@link clusteredSequenceRate}, the headline's
 * interval over clusters: sequences that share a task file are one). Both
 * parts are monotone, so the whole is: one more success on side A never
 * lowers a bound, one more on side B never raises one, and nothing
 * switches when every cluster moves the same way. It reads the two sides
 * as independent; when the same clusters hold both, their rates move
 * together and the interval is conservative (coverage in
 * docs/statistics.md).
 */
export function pairedClusterDifference(
  items: readonly ClusterDifference[],
  clusters: ReadonlyMap<string, string>,
): SequenceDifference {
  const side = (rate: 'rateA' | 'rateB', episodes: 'episodesA' | 'episodesB') =>
    clusteredSequenceRate(
      items.map((item) => ({
        sequence: item.sequence,
        value: item[rate],
        weight: item.weight ?? 1,
        episodes: item[episodes],
      })),
      clusters,
    );
  const a = side('rateA', 'episodesA');
  const b = side('rateB', 'episodesB');
  const interval = moverDifferenceInterval(
    { value: a.value, lower: a.lower, upper: a.upper },
    { value: b.value, lower: b.lower, upper: b.upper },
  );
  return {
    value: interval.value,
    ci95: [interval.lower, interval.upper],
    method: 'newcombe-mover',
    fallback_reason:
      a.clusters === 0
        ? 'no clusters'
        : a.clusters === 1
          ? "one cluster: each side's interval is that cluster's own rate, not the suite's"
          : null,
    clusters: a.clusters,
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
