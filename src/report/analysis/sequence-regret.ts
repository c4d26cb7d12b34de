import { clusteredSequenceRate } from './sequence-clusters.js';
import { groupBy } from './sequence-episodes.js';
import type { SequenceEpisode, SequencePlays } from './sequence-episodes.js';
import { pairedClusterDifference } from './sequence-difference.js';
import type { SequenceDifferenceMethod } from './sequence-difference.js';

/** A regret figure with its 95% interval, clustered by sequence. */
export interface RegretFigure {
  readonly value: number;
  readonly ci95: readonly [number, number];
  readonly method: SequenceDifferenceMethod;
}

/**
 * Regret against the oracle over whole sequence attempts: R = Σ_e (o_e − y_e)
 * per attempt, o_e the oracle's success on episode e, y_e the agent's.
 */
export interface RegretSummary {
  /** `assumed`: o_e = 1 on every episode (a validated suite); `run`: from an oracle run's records. */
  readonly oracle: 'assumed' | 'run';
  /** Sequences with at least one complete attempt (and, with an oracle run, every episode played by it). */
  readonly sequences: number;
  /** Complete attempts (every episode valid): the only ones counted. */
  readonly attempts: number;
  /** Attempts with an episode missing or invalid: left out. */
  readonly incomplete_attempts: number;
  /** Sequences left out because the oracle run has no valid record of one of their episodes. */
  readonly sequences_without_oracle: number;
  /** Mean R per sequence attempt: mean over sequences of each sequence's mean over its attempts. */
  readonly per_attempt: RegretFigure;
  /** R ÷ episodes, averaged over sequences: the share of episodes the agent lost against the oracle. */
  readonly normalised: RegretFigure;
  /** By episode index j: mean Σ_{e ≤ j} (o_e − y_e) per attempt, over the sequences at least j long. */
  readonly cumulative: readonly (RegretFigure & {
    readonly episode: number;
    readonly sequences: number;
  })[];
}

/** One sequence's complete attempts (success by episode) and the oracle's rate by episode. */
interface SequenceOutcomes {
  readonly sequence: string;
  readonly attempts: readonly (readonly boolean[])[];
  readonly oracle: readonly number[];
}

/**
 * Regret of the agent's sequence attempts against the oracle: by default
 * the oracle succeeds on every episode (what `endstate validate` checks of
 * a suite); with `oracle`, the plays of an oracle run on the same suite,
 * o_e being its success rate on episode e over its valid attempts.
 *
 * Only complete attempts count (a sum over episodes has no value with one
 * missing). Each sequence's regret is averaged over its attempts, then
 * over sequences. The interval is clustered by sequence: when the oracle
 * passed every episode, regret is 1 − success and takes the success
 * rate's interval (which keeps a width when every episode
 * passes); otherwise the monotone interval of oracle − agent over
 * sequences (`pairedClusterDifference`). Regret per attempt is the normalised regret weighted by
 * sequence length, times the mean length, with its interval scaled alike.
 */
export function summariseRegret(
  plays: SequencePlays,
  options: { readonly oracle?: SequencePlays | null } = {},
): RegretSummary {
  const oracleRates = options.oracle ? oracleRateByEpisode(options.oracle) : null;
  const outcomes: SequenceOutcomes[] = [];
  let attempts = 0;
  let incomplete = 0;
  let withoutOracle = 0;
  const bySequence = groupBy(plays.episodes, (episode) => episode.sequence);
  for (const [sequence, length] of plays.lengths) {
    const episodes = bySequence.get(sequence) ?? [];
    const complete = completeAttempts(episodes, length);
    incomplete += countAttempts(episodes) - complete.length;
    if (complete.length === 0) continue;
    const oracle = Array.from({ length }, (_, index) =>
      oracleRates === null ? 1 : oracleRates.get(key(sequence, index + 1)),
    );
    if (oracle.some((rate) => rate === undefined)) {
      withoutOracle += 1;
      continue;
    }
    attempts += complete.length;
    outcomes.push({ sequence, attempts: complete, oracle: oracle as number[] });
  }
  const longest = Math.max(0, ...outcomes.map((sequence) => sequence.oracle.length));
  const full = regretOver(outcomes, null, plays.clusters);
  return {
    oracle: oracleRates === null ? 'assumed' : 'run',
    sequences: outcomes.length,
    attempts,
    incomplete_attempts: incomplete,
    sequences_without_oracle: withoutOracle,
    per_attempt: full.perAttempt,
    normalised: full.normalised,
    cumulative: Array.from({ length: longest }, (_, index) => {
      const episode = index + 1;
      const prefix = regretOver(outcomes, episode, plays.clusters);
      return { episode, ...prefix.perAttempt, sequences: prefix.sequences };
    }),
  };
}

const key = (sequence: string, episode: number): string => JSON.stringify([sequence, episode]);

function oracleRateByEpisode(oracle: SequencePlays): Map<string, number> {
  const rates = new Map<string, number>();
  for (const [name, episodes] of groupBy(oracle.episodes, (episode) =>
    key(episode.sequence, episode.episode),
  )) {
    rates.set(name, episodes.filter((episode) => episode.success).length / episodes.length);
  }
  return rates;
}

function countAttempts(episodes: readonly SequenceEpisode[]): number {
  return new Set(episodes.map((episode) => episode.attempt)).size;
}

/** Attempts with a valid episode at every index 1..length, as success by episode. */
function completeAttempts(episodes: readonly SequenceEpisode[], length: number): boolean[][] {
  const complete: boolean[][] = [];
  for (const group of groupBy(episodes, (episode) => String(episode.attempt)).values()) {
    const byIndex = new Map(group.map((episode) => [episode.episode, episode.success]));
    const outcome = Array.from({ length }, (_, index) => byIndex.get(index + 1));
    if (outcome.every((success) => success !== undefined)) complete.push(outcome);
  }
  return complete;
}

/**
 * Normalised and per-attempt regret over the first `prefix` episodes of
 * each sequence at least that long (every episode when `prefix` is null).
 */
function regretOver(
  outcomes: readonly SequenceOutcomes[],
  prefix: number | null,
  clusters: ReadonlyMap<string, string>,
): { normalised: RegretFigure; perAttempt: RegretFigure; sequences: number } {
  const kept = outcomes
    .filter((sequence) => prefix === null || sequence.oracle.length >= prefix)
    .map((sequence) => {
      const length = prefix ?? sequence.oracle.length;
      const oracle = sequence.oracle.slice(0, length);
      const plays = sequence.attempts.length * length;
      const failures = sequence.attempts.reduce(
        (sum, attempt) => sum + attempt.slice(0, length).filter((success) => !success).length,
        0,
      );
      const oracleMean = oracle.reduce((sum, rate) => sum + rate, 0) / length;
      return { sequence: sequence.sequence, length, plays, failures, oracleMean, oracle };
    });
  const meanLength = kept.reduce((sum, sequence) => sum + sequence.length, 0) / kept.length;
  const isPerfectOracle = kept.every((sequence) => sequence.oracle.every((rate) => rate === 1));
  const figure = (weighted: boolean): RegretFigure => {
    if (isPerfectOracle) {
      const interval = clusteredSequenceRate(
        kept.map((sequence) => ({
          sequence: sequence.sequence,
          value: sequence.failures / sequence.plays,
          weight: weighted ? sequence.length : 1,
          episodes: sequence.plays,
        })),
        clusters,
      );
      return {
        value: interval.value,
        ci95: [interval.lower, interval.upper],
        method: interval.method,
      };
    }
    const difference = pairedClusterDifference(
      kept.map((sequence) => ({
        sequence: sequence.sequence,
        rateA: sequence.oracleMean,
        rateB: (sequence.plays - sequence.failures) / sequence.plays,
        episodesA: sequence.length,
        episodesB: sequence.plays,
        weight: weighted ? sequence.length : 1,
      })),
      clusters,
    );
    return { value: difference.value, ci95: difference.ci95, method: difference.method };
  };
  const normalised = figure(false);
  const weighted = figure(true);
  return {
    normalised,
    perAttempt: {
      value: weighted.value * meanLength,
      ci95: [weighted.ci95[0] * meanLength, weighted.ci95[1] * meanLength],
      method: weighted.method,
    },
    sequences: kept.length,
  };
}
