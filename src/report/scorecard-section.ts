import type { RunRecord, StoredFailureLabel, TrialRecord } from '../schema/index.js';
import type { GateMetric } from './gate-metric.js';
import type { Scorecard, TaskSummary } from './scorecard.js';

/** The scorecard fields a section fills: the analyses beyond the headline figures. */
export type SectionKey =
  | 'faults'
  | 'safety'
  | 'constraints_pass'
  | 'plans'
  | 'partial'
  | 'calibration'
  | 'drift'
  | 'memory'
  | 'robustness'
  | 'assistance';

/** What a section's field holds; undefined leaves the key out of the scorecard. */
export type SectionValue<Key extends SectionKey> = Scorecard[Key];

/** What every section summarises from: the run and its trial records, read once. */
export interface SectionInput {
  readonly run: RunRecord;
  /** Every attempt, invalid ones included, in the store's order. */
  readonly trials: readonly TrialRecord[];
  /** The valid trials: what every rate counts. */
  readonly valid: readonly TrialRecord[];
  /** Each task's weight in suite means (`run.suite.weights`; a task not named weighs 1). */
  readonly weights: Readonly<Record<string, number>>;
  /** The per-task summaries of the scorecard, in the suite's order. */
  readonly tasks: readonly TaskSummary[];
  /** People's labels of failed trials (`endstate labels import`). */
  readonly failureLabels: readonly StoredFailureLabel[] | undefined;
  /** An oracle run's records on the same suite (the drift regret's reference). */
  readonly oracleTrials: readonly TrialRecord[] | undefined;
  /** Another section's value on the same input, summarised once per scorecard. */
  readonly use: <Key extends SectionKey>(section: ScorecardSection<Key>) => SectionValue<Key>;
}

/**
 * Where a section's lines go in the terminal and Markdown reports, in this
 * order: beside the success rate (`headline`), among the rates of what the
 * agent did (`behaviour`), the sequence figures (`sequences`), and how far
 * its answers and its success hold up (`reliability`). Within a slot,
 * sections keep the order of the registry.
 */
export const REPORT_SLOTS = ['headline', 'behaviour', 'sequences', 'reliability'] as const;
export type ReportSlot = (typeof REPORT_SLOTS)[number];

/**
 * One analysis of a run: the scorecard field it fills, how it summarises
 * the trials, and what it adds to each output. The renderers draw only a
 * value that is neither null nor absent. A new section is one file under
 * `sections/` and an entry in `sections/index.ts`; it runs the shared
 * contract (`scorecard-section.contract.ts`).
 */
export interface ScorecardSection<Key extends SectionKey> {
  readonly key: Key;
  /**
   * How suite means weigh tasks: `task` when the value follows
   * `run.suite.weights`, `none` when it pools trials or sequences and no
   * task weight can change it (the contract test checks either).
   */
  readonly weights: 'task' | 'none';
  summarise(input: SectionInput): SectionValue<Key>;
  /**
   * Whether the value says more than "nothing happened" (no fault fired,
   * every constraint held, no unsafe event): the compact terminal
   * scorecard leaves the section out when it does not. Absent: always.
   */
  readonly informative?: (value: NonNullable<SectionValue<Key>>, card: Scorecard) => boolean;
  /** Lines of the terminal scorecard, at `slot`. */
  readonly terminal?: {
    readonly slot: ReportSlot;
    /** Every line: what `--verbose` shows. */
    readonly lines: (value: NonNullable<SectionValue<Key>>, card: Scorecard) => string[];
    /**
     * The lines of the compact scorecard (the default), drawn only when the
     * section is informative: the figures that carry something, without
     * zero-only parts. Absent: `lines`.
     */
    readonly compact?: (value: NonNullable<SectionValue<Key>>, card: Scorecard) => string[];
  };
  /**
   * The Markdown summary: rows of the headline table (figure, value) at
   * `slot`, and a block of lines after the table.
   */
  readonly markdown?: {
    readonly slot: ReportSlot;
    readonly rows?: (value: NonNullable<SectionValue<Key>>, card: Scorecard) => string[][];
    readonly block?: (value: NonNullable<SectionValue<Key>>, card: Scorecard) => string[];
  };
  /** JUnit `<properties>` (name, value) added after the headline ones. */
  readonly junit?: (value: NonNullable<SectionValue<Key>>, card: Scorecard) => [string, string][];
  /** Figures of this section that `--fail-under` can name. */
  readonly gateMetrics?: readonly GateMetric[];
}

/** A section of any key: what the registry holds. */
export type AnyScorecardSection = { [Key in SectionKey]: ScorecardSection<Key> }[SectionKey];

/**
 * A section's value on a scorecard, with the section seen through the
 * union of keys: the registry pairs each key with its own section, so the
 * value always fits the section's hooks. Undefined when the value is null
 * or absent (nothing to draw).
 */
export function valueOf(
  section: AnyScorecardSection,
  card: Scorecard,
): { readonly section: ScorecardSection<SectionKey>; readonly value: never } | undefined {
  const value = card[section.key];
  if (value === null || value === undefined) return undefined;
  return { section: section as ScorecardSection<SectionKey>, value: value as never };
}

/**
 * A section's lines in the terminal scorecard: every line with `verbose`,
 * else its compact lines, or none when its value is not informative.
 */
export function terminalLinesOf(
  section: ScorecardSection<SectionKey>,
  value: never,
  card: Scorecard,
  verbose: boolean,
): string[] {
  const terminal = section.terminal;
  if (terminal === undefined) return [];
  if (verbose) return terminal.lines(value, card);
  if (section.informative?.(value, card) === false) return [];
  return (terminal.compact ?? terminal.lines)(value, card);
}
