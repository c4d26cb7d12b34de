import type { RunStatus, SystemSpec } from '../schema/index.js';
import type { SignFlipMethod } from '../stats/index.js';

/** Valid trials and successes of one task on one side, with their rate. */
export interface TaskCounts {
  readonly successes: number;
  readonly trials: number;
  readonly success_rate: number;
}

/**
 * A task's verdict changed between the runs: `improved` when it failed in
 * most of A's valid trials and passed in most of B's, `regressed` the other
 * way round. A task passing exactly half its trials on either side has no
 * majority there and does not flip. With one trial per task every change
 * is a flip.
 */
export type TaskFlip = 'improved' | 'regressed';

/** One task run by both sides. */
export interface TaskComparison {
  readonly task_id: string;
  /** The task revision both runs ran; null when neither run recorded one. */
  readonly revision: number | null;
  readonly a: TaskCounts;
  readonly b: TaskCounts;
  /** b.success_rate − a.success_rate. */
  readonly difference: number;
  readonly flip: TaskFlip | null;
}

/** One side of a comparison; its figures cover the paired tasks only. */
export interface ComparedRun {
  readonly run_id: string;
  readonly status: RunStatus;
  readonly created_at: string;
  readonly suite_hash: string;
  readonly system_hash: string;
  /** `kind:name@version`. */
  readonly agent: string;
  readonly system: SystemSpec;
  readonly trials_per_task: number;
  /** Task-weighted: the mean over paired tasks of each task's success rate. */
  readonly success_rate: number;
  readonly successes: number;
  /** Valid trials of the paired tasks. */
  readonly trials: number;
  /** Model spend of the system over every attempt of the paired tasks, invalid ones included. */
  readonly cost: {
    readonly total_usd: number;
    /** total_usd / successes; null when nothing succeeded. */
    readonly per_success_usd: number | null;
  };
}

/**
 * Run B against run A on the tasks both ran, task by task. Every difference
 * is B − A, so a positive difference means B did better. NaN figures (too
 * few tasks) are null in JSON.
 */
export interface Comparison {
  readonly suite: {
    readonly name: string;
    /** Both runs have the same suite hash: every file of the suite was the same. */
    readonly same_hash: boolean;
  };
  readonly a: ComparedRun;
  readonly b: ComparedRun;
  /** Paths in the system specs whose values differ (`agent.options.slip`, `model.id`). */
  readonly system_differences: readonly string[];
  /** Tasks with valid trials in both runs, in run A's task order. */
  readonly tasks: readonly TaskComparison[];
  /** Tasks left out of every paired figure, by reason. */
  readonly unpaired: {
    readonly only_in_a: readonly string[];
    readonly only_in_b: readonly string[];
    /** Run by both, but without a valid trial in at least one of them. */
    readonly without_valid_trials: readonly string[];
  };
  /**
   * The mean over paired tasks of B − A success rates, with the paired t
   * interval (one difference per task, so trials stay clustered in tasks).
   */
  readonly difference: {
    readonly value: number;
    readonly ci95: readonly [number, number];
    readonly method: 'paired-t';
    readonly tasks: number;
    readonly standard_deviation: number;
    readonly standard_error: number;
  };
  readonly tests: {
    /** The test whose p-value the comparison leads with. */
    readonly primary: 'paired_t';
    readonly paired_t: {
      readonly t: number;
      readonly degrees_of_freedom: number;
      readonly p: number;
    };
    /** Distribution-free check: exact, or Monte Carlo past many changed tasks. */
    readonly sign_flip: {
      readonly p: number;
      readonly method: SignFlipMethod;
      /** Tasks whose difference is not 0 (only these are flipped). */
      readonly changed_tasks: number;
      /** Sign patterns counted: all 2^changed_tasks, or the Monte Carlo resamples. */
      readonly sign_patterns: number;
      /** Seed of the Monte Carlo resamples; null when exact. */
      readonly seed: number | null;
    };
    /** On first valid trials, when every paired task has exactly one valid trial on each side. */
    readonly mcnemar: {
      /** Tasks only A passed. */
      readonly a_only: number;
      /** Tasks only B passed. */
      readonly b_only: number;
      readonly p: number;
    } | null;
  };
  readonly flips: {
    readonly improved: readonly string[];
    readonly regressed: readonly string[];
  };
  /** What a reader should know before trusting the figures (unfinished runs, few tasks, a changed suite). */
  readonly notes: readonly string[];
}
