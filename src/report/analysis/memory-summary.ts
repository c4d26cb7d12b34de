import { collectSequenceEpisodes, groupBy, sequenceRate } from './sequence-episodes.js';
import type { SequenceEpisode, SequenceRate, SequenceTrial } from './sequence-episodes.js';
import { pairedClusterDifference, unpairedDifference } from './sequence-difference.js';
import type { SequenceDifference } from './sequence-difference.js';

/** Within-session minus cross-session success, and how it was paired. */
export type MemoryDifference = SequenceDifference &
  (
    | {
        /** Paired by episode task: the mean over twin tasks of same − new on that task. */
        readonly pairing: 'by-task';
        /** Episode tasks played at n > 1 in both kinds of session: the clusters. */
        readonly twin_tasks: number;
      }
    | {
        /** No twins (fewer than two): the two rates' difference, Newcombe's interval of their clustered intervals. */
        readonly pairing: 'unpaired';
        readonly twin_tasks: number;
      }
  );

/** Success across the episodes of sequences, and whether a new session loses what the agent knew. */
export interface MemorySummary {
  /** Success at each episode index 1..n, over the sequences that long. */
  readonly by_episode: readonly { readonly episode: number; readonly rate: SequenceRate }[];
  /** Recall: success of every episode after the first (n > 1), each scored on its own. */
  readonly recall: SequenceRate;
  /** Episodes n > 1 played in the same session as the one before; null when none. */
  readonly within_session: SequenceRate | null;
  /** Episodes n > 1 played in a new session; null when none. */
  readonly cross_session: SequenceRate | null;
  /** within − cross; null unless both were played. */
  readonly difference: MemoryDifference | null;
  /** Episode records with valid = false: never counted. */
  readonly invalid_records: number;
}

/** Fewer twin tasks than this and the difference is unpaired: one pair gives no spread to work with. */
const MIN_TWIN_TASKS = 2;

/**
 * Memory measures from trial records alone: null unless a record carries
 * `sequence`. Rates are sequence-weighted with intervals clustered by
 * sequence, as in the drift summary; invalid records never count.
 *
 * The within − cross difference is paired by episode task when the suite
 * holds twins (the same task file played at n > 1 once in the same session
 * and once in a new one, in at least two tasks): the mean over twin tasks
 * of each task's same − new success, with Newcombe's interval from the
 * twin tasks' same-session and new-session rates, each clustered
 * (`pairedClusterDifference`). Otherwise it is the difference of the two rates, with
 * Newcombe's interval from their clustered intervals (conservative when
 * the same sequences feed both).
 */
export function summariseMemory(records: readonly SequenceTrial[]): MemorySummary | null {
  const plays = collectSequenceEpisodes(records);
  if (plays === null) return null;
  const byEpisode = groupBy(
    [...plays.episodes].sort((a, b) => a.episode - b.episode),
    (episode) => String(episode.episode),
  );
  const later = plays.episodes.filter((episode) => episode.episode > 1);
  const same = later.filter((episode) => episode.session === 'same');
  const fresh = later.filter((episode) => episode.session === 'new');
  const within = same.length === 0 ? null : sequenceRate(same, plays.clusters);
  const cross = fresh.length === 0 ? null : sequenceRate(fresh, plays.clusters);
  return {
    by_episode: [...byEpisode].map(([episode, episodes]) => ({
      episode: Number(episode),
      rate: sequenceRate(episodes, plays.clusters),
    })),
    recall: sequenceRate(later, plays.clusters),
    within_session: within,
    cross_session: cross,
    difference:
      within === null || cross === null
        ? null
        : sessionDifference({ same, fresh, within, cross }, plays.clusters),
    invalid_records: plays.invalid_records,
  };
}

function sessionDifference(
  sides: {
    readonly same: readonly SequenceEpisode[];
    readonly fresh: readonly SequenceEpisode[];
    readonly within: SequenceRate;
    readonly cross: SequenceRate;
  },
  clusters: ReadonlyMap<string, string>,
): MemoryDifference {
  const { same, fresh, within, cross } = sides;
  const sameByTask = groupBy(same, (episode) => episode.task);
  const freshByTask = groupBy(fresh, (episode) => episode.task);
  const twins = [...sameByTask.keys()].filter((task) => freshByTask.has(task));
  if (twins.length < MIN_TWIN_TASKS) {
    const joined = new Set(
      [...same, ...fresh].map((episode) => clusters.get(episode.sequence) ?? episode.sequence),
    ).size;
    return {
      ...unpairedDifference(within, cross, joined),
      pairing: 'unpaired',
      twin_tasks: twins.length,
    };
  }
  const rate = (episodes: readonly SequenceEpisode[]): number =>
    episodes.filter((episode) => episode.success).length / episodes.length;
  const differences = twins.map((task) => {
    const a = sameByTask.get(task)!;
    const b = freshByTask.get(task)!;
    return {
      sequence: a[0]!.sequence,
      rateA: rate(a),
      rateB: rate(b),
      episodesA: a.length,
      episodesB: b.length,
    };
  });
  return {
    ...pairedClusterDifference(differences, clusters),
    pairing: 'by-task',
    twin_tasks: twins.length,
  };
}
