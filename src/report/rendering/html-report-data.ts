import type { RunRecord } from '../../schema/index.js';
import type { Scorecard } from '../scorecard.js';

/** Bumped when the data the viewer reads changes shape. */
export const HTML_REPORT_FORMAT = 1;

/** How a trial ended, for the grid's colour. */
export const TRIAL_STATUS = { success: 0, failure: 1, invalid: 2 } as const;
export type TrialStatus = (typeof TRIAL_STATUS)[keyof typeof TRIAL_STATUS];

/** Bits of a cell's `flags`. */
export const TRIAL_FLAGS = { fault: 1, blocked: 2, injection: 4 } as const;

/**
 * One trial as the grid draws it, without opening its record: indexes
 * point into the grid's string tables. Position in `grid.trials` is the
 * trial's index, which also names its chunk.
 */
export type TrialCell = readonly [
  task: number,
  attempt: number,
  rerun: number,
  status: TrialStatus,
  exit: number,
  terminal: number,
  steps: number,
  /** Null when a model call of the trial was not priced (unknown). */
  costUsd: number | null,
  flags: number,
  /** Indexes into `grid.reasons`: why a failed trial failed (empty otherwise). */
  reasons: readonly number[],
];

/**
 * A section beyond the built-in ones (a comparison with another run, for
 * one). The viewer draws a section it knows by `id`, and any other as a
 * generic table of its data.
 */
export interface HtmlReportSection {
  readonly id: string;
  readonly title: string;
  /** Anything JSON.stringify writes faithfully (a `Comparison`, say). */
  readonly data: unknown;
}

/**
 * The run as the report carries it: its suite's path relative to the
 * working folder the report was made in, or null when the suite lies
 * outside it, never a machine's absolute path.
 */
export type HtmlReportRun = Omit<RunRecord, 'suite'> & {
  readonly suite: Omit<RunRecord['suite'], 'path'> & { readonly path: string | null };
};

/**
 * What the report parses when it opens: the run, its scorecard and a
 * compact grid of every trial. Full trial records stay compressed in
 * chunks until one is opened, so a large run opens fast.
 */
export interface HtmlReportSummary {
  readonly format: typeof HTML_REPORT_FORMAT;
  readonly run: HtmlReportRun;
  readonly scorecard: Scorecard;
  readonly sections: readonly HtmlReportSection[];
  /** Failure label → its one-line rule (docs/failure-labels.md), for the labels' definitions; absent in reports made before it. */
  readonly failure_label_rules?: Readonly<Record<string, string>>;
  readonly grid: {
    readonly tasks: readonly string[];
    readonly exit_reasons: readonly string[];
    readonly terminal_reasons: readonly string[];
    readonly reasons: readonly string[];
    readonly trials: readonly TrialCell[];
  };
  readonly chunks: {
    /** Each chunk is a JSON array of trial records, gzipped, then base64. */
    readonly encoding: 'gzip-base64';
    readonly trials_per_chunk: number;
    readonly count: number;
  };
}

/** Element ids of the data blocks in the report. */
export const HTML_REPORT_IDS = {
  summary: 'endstate-summary',
  chunkPrefix: 'endstate-trials-',
} as const;

/** Where the data goes in the viewer template (an HTML comment the build keeps). */
export const HTML_REPORT_DATA_SLOT = '<!--endstate:data-->';
