import { kishShare, taskMeanInterval } from '../../stats/index.js';
import type { TaskMeanMethod } from '../../stats/index.js';
import type { SequenceEpisode } from './sequence-episodes.js';

/**
 * Sequence id → its cluster: sequences that play the same set of task
 * files (twins: the same episode tasks with other session or version
 * boundaries) are one cluster, since their outcomes share the tasks'
 * difficulty; any other sequence is a cluster of its own. Sharing one task
 * file is not enough: a task every sequence opens with would otherwise
 * join the whole suite into one cluster.
 */
export function sequenceClusters(episodes: readonly SequenceEpisode[]): Map<string, string> {
  const tasks = new Map<string, Set<string>>();
  for (const episode of episodes) {
    const set = tasks.get(episode.sequence) ?? new Set<string>();
    set.add(episode.task);
    tasks.set(episode.sequence, set);
  }
  return new Map([...tasks].map(([sequence, set]) => [sequence, JSON.stringify([...set].sort())]));
}

/** One sequence's estimate and how much it counts. */
export interface SequenceEstimate {
  readonly sequence: string;
  /** In [0, 1] for a rate, [−1, 1] for a difference. */
  readonly value: number;
  /** The sequence's weight in the mean (1 for a sequence-weighted mean). */
  readonly weight: number;
  /** Episodes behind the estimate (the effective-sample cap of a rate's interval). */
  readonly episodes: number;
}

/** Per cluster: the weighted mean of its sequences' estimates, their summed weight and episodes. */
export function poolByCluster(
  estimates: readonly SequenceEstimate[],
  clusters: ReadonlyMap<string, string>,
): { value: number; weight: number; episodes: number }[] {
  const pooled = new Map<string, { total: number; weight: number; episodes: number }>();
  for (const estimate of estimates) {
    const name = clusters.get(estimate.sequence) ?? estimate.sequence;
    const entry = pooled.get(name) ?? { total: 0, weight: 0, episodes: 0 };
    entry.total += estimate.weight * estimate.value;
    entry.weight += estimate.weight;
    entry.episodes += estimate.episodes;
    pooled.set(name, entry);
  }
  return [...pooled.values()].map((entry) => ({
    value: entry.total / entry.weight,
    weight: entry.weight,
    episodes: entry.episodes,
  }));
}

/**
 * The weighted mean of per-sequence rates with the scorecard's interval
 * ({@link taskMeanInterval}), clusters being `sequenceClusters`: with every sequence
 * its own cluster and equal weights it is `successRateInterval` over
 * sequences exactly.
 */
export function clusteredSequenceRate(
  estimates: readonly SequenceEstimate[],
  clusters: ReadonlyMap<string, string>,
): {
  value: number;
  lower: number;
  upper: number;
  method: TaskMeanMethod;
  clusters: number;
} {
  const pooled = poolByCluster(estimates, clusters);
  const weights = pooled.map((cluster) => cluster.weight);
  const episodes = pooled.reduce((sum, cluster) => sum + cluster.episodes, 0);
  const isWeighted = weights.some((weight) => weight !== weights[0]);
  const interval = taskMeanInterval(
    pooled.map((cluster) => Math.min(1, Math.max(0, cluster.value))),
    {
      maxEffectiveTrials: Math.max(1, episodes * (isWeighted ? kishShare(weights) : 1)),
      ...(isWeighted ? { weights } : {}),
    },
  );
  return {
    value: interval.value,
    lower: interval.lower,
    upper: interval.upper,
    method: interval.method,
    clusters: pooled.length,
  };
}
