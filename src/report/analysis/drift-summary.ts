import { collectSequenceEpisodes, groupBy, sequenceRate } from './sequence-episodes.js';
import type { SequenceEpisode, SequenceRate, SequenceTrial } from './sequence-episodes.js';
import { pairedClusterDifference } from './sequence-difference.js';
import type { SequenceDifference } from './sequence-difference.js';
import { summariseRegret } from './sequence-regret.js';
import type { RegretSummary } from './sequence-regret.js';

/** Success just before and just after changes of environment version, and the drop between. */
export interface ChangeDrop {
  /** Pairs of consecutive valid episodes of one attempt whose versions differ. */
  readonly pairs: number;
  /** Success of the episodes just before a change, sequence-weighted. */
  readonly before: SequenceRate;
  /** Success of the episodes just after it, over the same pairs. */
  readonly after: SequenceRate;
  /** before − after: the mean over sequences of each sequence's mean paired difference, clustered by sequence. */
  readonly drop: SequenceDifference;
}

/** Success across environment versions within sequences, and regret against the oracle. */
export interface DriftSummary {
  /** Success of the episodes played on each version, in order of first play. */
  readonly by_version: readonly { readonly version: string; readonly rate: SequenceRate }[];
  /** Every change pooled; null when no attempt changed version between two valid episodes. */
  readonly any_change: ChangeDrop | null;
  /** Each change v → w seen, in order of first play. */
  readonly by_change: readonly (ChangeDrop & { readonly from: string; readonly to: string })[];
  /** Valid episodes with no version (null): out of the per-version rates. */
  readonly episodes_without_version: number;
  /** Consecutive valid episodes one of which has no version: not counted as a change or not. */
  readonly pairs_without_version: number;
  /** Episode records with valid = false: never counted. */
  readonly invalid_records: number;
  readonly regret: RegretSummary;
}

export interface DriftOptions {
  /** The records of an oracle run on the same suite: o_e from its episodes instead of 1. */
  readonly oracle?: readonly SequenceTrial[] | null;
}

interface EpisodePair {
  readonly before: SequenceEpisode;
  readonly after: SequenceEpisode;
}

/**
 * Drift measures from trial records alone: null unless some valid episode
 * record carries an environment version. Every rate is sequence-weighted
 * (each sequence's rate over its episodes and attempts, averaged over
 * sequences, as the scorecard averages tasks) with its interval clustered
 * by sequence; invalid records never count.
 *
 * @example
 * // sequence s, one attempt, v1 then v2: episode 1 passes, episode 2 fails.
 * // by_version v1 100% (1/1), v2 0% (0/1); any_change: 1 pair, drop +1.
 */
export function summariseDrift(
  records: readonly SequenceTrial[],
  options: DriftOptions = {},
): DriftSummary | null {
  const plays = collectSequenceEpisodes(records);
  if (plays === null || plays.episodes.every((episode) => episode.version === null)) return null;
  const versioned = plays.episodes.filter((episode) => episode.version !== null);
  const byVersion = groupBy(
    [...versioned].sort((a, b) => a.episode - b.episode),
    (episode) => episode.version ?? '',
  );
  const { pairs, withoutVersion } = changePairs(plays.episodes);
  const byChange = groupBy(
    [...pairs].sort((a, b) => a.before.episode - b.before.episode),
    ({ before, after }) => JSON.stringify([before.version, after.version]),
  );
  const oracle = options.oracle ? collectSequenceEpisodes(options.oracle) : null;
  return {
    by_version: [...byVersion].map(([version, episodes]) => ({
      version,
      rate: sequenceRate(episodes, plays.clusters),
    })),
    any_change: pairs.length === 0 ? null : changeDrop(pairs, plays.clusters),
    by_change: [...byChange.values()].map((group) => ({
      from: group[0]!.before.version ?? '',
      to: group[0]!.after.version ?? '',
      ...changeDrop(group, plays.clusters),
    })),
    episodes_without_version: plays.episodes.length - versioned.length,
    pairs_without_version: withoutVersion,
    invalid_records: plays.invalid_records,
    regret: summariseRegret(plays, { oracle }),
  };
}

/** Consecutive valid episodes of one attempt (e, e + 1) whose versions differ. */
function changePairs(episodes: readonly SequenceEpisode[]): {
  pairs: EpisodePair[];
  withoutVersion: number;
} {
  const pairs: EpisodePair[] = [];
  let withoutVersion = 0;
  const byAttempt = groupBy(episodes, (episode) =>
    JSON.stringify([episode.sequence, episode.attempt]),
  );
  for (const attempt of byAttempt.values()) {
    const byIndex = new Map(attempt.map((episode) => [episode.episode, episode]));
    for (const before of attempt) {
      const after = byIndex.get(before.episode + 1);
      if (after === undefined) continue;
      if (before.version === null || after.version === null) withoutVersion += 1;
      else if (before.version !== after.version) pairs.push({ before, after });
    }
  }
  return { pairs, withoutVersion };
}

function changeDrop(
  pairs: readonly EpisodePair[],
  clusters: ReadonlyMap<string, string>,
): ChangeDrop {
  const bySequence = groupBy(pairs, (pair) => pair.before.sequence);
  const differences = [...bySequence].map(([sequence, group]) => {
    const before = group.filter((pair) => pair.before.success).length;
    const after = group.filter((pair) => pair.after.success).length;
    return {
      sequence,
      rateA: before / group.length,
      rateB: after / group.length,
      episodesA: group.length,
      episodesB: group.length,
    };
  });
  return {
    pairs: pairs.length,
    before: sequenceRate(
      pairs.map((pair) => pair.before),
      clusters,
    ),
    after: sequenceRate(
      pairs.map((pair) => pair.after),
      clusters,
    ),
    drop: pairedClusterDifference(differences, clusters),
  };
}
