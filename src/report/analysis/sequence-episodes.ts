import type { RecordSequence, TrialRecord } from '../../schema/index.js';
import type { TaskMeanMethod } from '../../stats/index.js';
import { clusteredSequenceRate, sequenceClusters } from './sequence-clusters.js';

/** What the sequence measures read of a trial record. */
export type SequenceTrial = Pick<TrialRecord, 'attempt' | 'rerun' | 'valid' | 'success'> & {
  readonly sequence?: RecordSequence | undefined;
};

/** One valid episode of one attempt of a sequence. */
export interface SequenceEpisode {
  readonly sequence: string;
  readonly attempt: number;
  /** 1..n within the sequence. */
  readonly episode: number;
  /** The id of the task file the episode plays. */
  readonly task: string;
  readonly session: RecordSequence['session'];
  readonly version: string | null;
  readonly success: boolean;
}

/** The valid episodes of a run's sequences, and what was left out. */
export interface SequencePlays {
  /** One per (sequence, attempt, episode) with a valid record, ordered by sequence, attempt, episode. */
  readonly episodes: readonly SequenceEpisode[];
  /** Sequence id → its number of episodes (the largest episode index of any of its records). */
  readonly lengths: ReadonlyMap<string, number>;
  /** Episode records with valid = false: never counted. */
  readonly invalid_records: number;
  /** Sequence id → its cluster: sequences that play a common task file are one. */
  readonly clusters: ReadonlyMap<string, string>;
}

/**
 * The valid episodes of the records that carry `sequence`, one per
 * sequence, attempt and episode (the last valid rerun when several are
 * valid); null when no record carries `sequence`. Invalid records only
 * make a sequence's length known.
 */
export function collectSequenceEpisodes(records: readonly SequenceTrial[]): SequencePlays | null {
  const lengths = new Map<string, number>();
  const chosen = new Map<string, { rerun: number; episode: SequenceEpisode }>();
  let invalid = 0;
  for (const record of records) {
    const sequence = record.sequence;
    if (sequence === undefined) continue;
    lengths.set(sequence.id, Math.max(lengths.get(sequence.id) ?? 0, sequence.episode));
    if (!record.valid) {
      invalid += 1;
      continue;
    }
    const key = JSON.stringify([sequence.id, record.attempt, sequence.episode]);
    const previous = chosen.get(key);
    if (previous !== undefined && previous.rerun > record.rerun) continue;
    chosen.set(key, {
      rerun: record.rerun,
      episode: {
        sequence: sequence.id,
        attempt: record.attempt,
        episode: sequence.episode,
        task: sequence.task,
        session: sequence.session,
        version: sequence.version,
        success: record.success,
      },
    });
  }
  if (lengths.size === 0) return null;
  const episodes = [...chosen.values()]
    .map((entry) => entry.episode)
    .sort(
      (a, b) =>
        a.sequence.localeCompare(b.sequence) || a.attempt - b.attempt || a.episode - b.episode,
    );
  return { episodes, lengths, invalid_records: invalid, clusters: sequenceClusters(episodes) };
}

/** Episodes grouped by a key, in order of first appearance. */
export function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const name = key(item);
    const group = groups.get(name);
    if (group === undefined) groups.set(name, [item]);
    else group.push(item);
  }
  return groups;
}

/** A success rate over episodes, sequence-weighted, with its interval clustered by sequence. */
export interface SequenceRate {
  /** The mean over sequences of each sequence's success rate on these episodes. */
  readonly value: number;
  /** 95% interval clustered by sequence (`successRateInterval` with sequences as clusters). */
  readonly ci95: readonly [number, number];
  readonly method: TaskMeanMethod;
  readonly successes: number;
  /** Valid episodes played (over every attempt). */
  readonly episodes: number;
  /** Sequences with at least one of them. */
  readonly sequences: number;
  /** The clusters the interval rests on: sequences, those sharing a task file joined. */
  readonly clusters: number;
}

/**
 * The success of these episodes: each sequence's rate over its episodes
 * (every attempt), averaged over sequences, so a sequence weighs the same
 * whatever its number of attempts or episodes. The interval is the
 * scorecard's interval (taskMeanInterval) with sequences as the clusters
 * (episodes of one sequence, like trials of one task, are correlated), and
 * sequences that share a task file joined into one cluster.
 */
export function sequenceRate(
  episodes: readonly SequenceEpisode[],
  clusters: ReadonlyMap<string, string>,
): SequenceRate {
  const counts = [...groupBy(episodes, (episode) => episode.sequence)].map(([sequence, group]) => ({
    sequence,
    successes: group.filter((episode) => episode.success).length,
    episodes: group.length,
  }));
  const interval = clusteredSequenceRate(
    counts.map((count) => ({
      sequence: count.sequence,
      value: count.successes / count.episodes,
      weight: 1,
      episodes: count.episodes,
    })),
    clusters,
  );
  return {
    value: interval.value,
    ci95: [interval.lower, interval.upper],
    method: interval.method,
    successes: counts.reduce((sum, sequence) => sum + sequence.successes, 0),
    episodes: counts.reduce((sum, sequence) => sum + sequence.episodes, 0),
    sequences: counts.length,
    clusters: interval.clusters,
  };
}
