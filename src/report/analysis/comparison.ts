import type { RunStatus, SystemSpec } from '../../schema/index.js';
import type { SignFlipMethod } from '../../stats/index.js';
import type { JudgeValidationStatus } from './judge-validation-status.js';
import type { SettingDifference } from './run-settings.js';

/** Valid trials and successes of one task on one side, with their rate. */
export interface TaskCounts {
  readonly successes: number;
  readonly trials: number;
  readonly success_rate: number;
  /** Valid trials the source benchmark's verdict passed (tau-bench's: state and facts, constraints ignored). */
  readonly outcome_successes: number;
}

/**
 * How a task's success rate moved from A to B, judged by its own trials:
 * `improved` or `regressed` when Boschloo's exact test of A's
 * successes/trials against B's, Holm-adjusted across every paired task,
 * is below 0.05; `within-noise` when the rates differ but not by more
 * than the task's trials can tell apart; `unchanged` when they are equal.
 */
export type TaskChange = 'improved' | 'regressed' | 'within-noise' | 'unchanged';

/** One task run by both sides. */
export interface TaskComparison {
  readonly task_id: string;
  /** The task revision both runs ran; null when neither run recorded one. */
  readonly revision: number | null;
  /** The task's weight in the suite's means, the same in both runs (1 unless the suite says). */
  readonly weight: number;
  readonly a: TaskCounts;
  readonly b: TaskCounts;
  /** b.success_rate − a.success_rate. */
  readonly difference: number;
  /** B − A of the outcome-only rates (state and facts; constraints ignored). */
  readonly outcome_difference: number;
  /** Boschloo's exact test (two-sided) of A's successes/trials against B's. */
  readonly p: number;
  /** p after Holm's adjustment across every paired task (family-wise error). */
  readonly p_adjusted: number;
  readonly change: TaskChange;
}

/**
 * How the interval and p-value of a mean difference were got. `paired-t`:
 * the paired t interval and test over tasks. `sign-flip-hoeffding`: when
 * the t-test is degenerate (under two tasks, or every task's difference
 * the same, so no spread): the interval spans both the inverted sign-flip
 * test's and Hoeffding's trial-level interval, clamped to [−1, 1], so it
 * never collapses to a point, and p is the larger of the two tests' p, so
 * it is below 0.05 exactly when the interval excludes 0. That hull is
 * conservative (six or more tasks with the same small difference can give
 * a sign-flip p of 0.03 and still hold 0).
 */
export type DifferenceMethod = 'paired-t' | 'sign-flip-hoeffding';

/**
 * Which figures of a comparison use the suite's task weights. With
 * unequal weights the success rates, the mean differences (success and
 * outcome-only) and the paired t-test are weighted; the sign-flip test,
 * McNemar's test and the per-task Boschloo tests assume exchangeable tasks
 * and weigh every task the same. With equal weights every figure does.
 */
export interface ComparisonWeighting {
  /** `suite`: the paired tasks weigh unequally, as the suite declares; `equal` otherwise. */
  readonly method: 'equal' | 'suite';
  /** Kish's effective number of paired tasks, (Σ w)² / Σ w²; the paired tasks when equal. */
  readonly effective_tasks: number;
  /** Figures (JSON paths) weighted by the suite's weights; empty when equal. */
  readonly weighted: readonly string[];
  /** Figures that weigh every paired task the same. */
  readonly equal: readonly string[];
}

/**
 * What an interval or test is about. `task-population`: the mean B − A
 * difference over the tasks the suite stands for, the paired tasks read as
 * a sample of them (a few tasks say little about it). `these-tasks`: the
 * mean over exactly the paired tasks of B's true success rate minus A's,
 * only the trials random (it says nothing of tasks not in the suite).
 */
export type Estimand = 'task-population' | 'these-tasks';

/** A mean over paired tasks of B − A rates. */
export interface PairedDifference {
  /** Always `task-population`: the tasks are read as a sample. */
  readonly estimand: 'task-population';
  readonly value: number;
  readonly ci95: readonly [number, number];
  /** Two-sided p-value of "no mean difference", by the interval's method. */
  readonly p: number;
  /** One-sided p-value of "B is worse" by the same test (half of p when B − A < 0). */
  readonly p_worse: number;
  readonly method: DifferenceMethod;
  /** Why the paired t-test was set aside; null when it was used. */
  readonly fallback_reason: string | null;
  readonly tasks: number;
  /** Of the per-task differences (NaN under two tasks). */
  readonly standard_deviation: number;
  readonly standard_error: number;
}

/**
 * The mean B − A difference on exactly the paired tasks, from their
 * trials: an interval and an exact test conditional on these tasks, which
 * need no spread between tasks and so can tell with few tasks what an
 * interval over the task population cannot.
 */
export interface TheseTasksDifference {
  readonly estimand: 'these-tasks';
  readonly tasks: number;
  /** The (weighted) mean over the paired tasks of B's rate − A's: the same as `difference.value`. */
  readonly value: number;
  /**
   * 95% interval of the mean over these tasks of B's true rate − A's: the
   * MOVER interval recovered from each task-side's Wilson interval.
   */
  readonly ci95: readonly [number, number];
  readonly interval_method: 'mover-wilson';
  /**
   * The exact stratified permutation test of "on every one of these tasks
   * A and B share one success rate": trials relabelled within each task,
   * exactly or, past 200 000 values of the statistic, by seeded Monte Carlo.
   */
  readonly test_method: 'stratified-permutation-exact' | 'stratified-permutation-monte-carlo';
  /** Two-sided p-value. */
  readonly p: number;
  /** One-sided p-value of "B is worse"; the gate reads it against 0.025. */
  readonly p_worse: number;
  /** One-sided p-value of "B is better". */
  readonly p_better: number;
}

/**
 * Which interval and test `--fail-if-worse` reads. With fewer than 10
 * paired tasks an interval over the task population is rough (and with 5
 * or fewer tasks moving one way the exact sign-flip test cannot reach
 * 0.05: its p is at least 2/2^m), so the gate reads these tasks' own
 * trials; from 10 tasks on, the task-population interval.
 */
export interface ComparisonGate {
  readonly decided_by: Estimand;
  /** Why, in one sentence. */
  readonly reason: string;
  /** The gate's one-sided level: the chance of failing two equal systems (0.025). */
  readonly alpha: number;
  /**
   * With margin 0 a task listed `regressed` fails the success-rate gate, so
   * part of alpha goes to the list: at most this chance, on these tasks,
   * that it lists a regression between equal systems.
   */
  readonly list_alpha: number;
  /**
   * `exact-bound`: list_alpha is worked out for these tasks. `assumed`:
   * past 40 trials in a task it is taken to be 2.5%, what the list's
   * regressions approach with many trials.
   */
  readonly list_alpha_method: 'exact-bound' | 'assumed';
  /**
   * The level of the test of the mean for success_rate at margin 0:
   * alpha − list_alpha; when list_alpha is assumed, at least alpha/2 (then
   * equal systems may fail up to list_alpha + alpha/2 of the time, and the
   * output says so).
   */
  readonly test_alpha: number;
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
  /**
   * Task-weighted: the mean over paired tasks of each task's success rate,
   * weighted by the suite's task weights when they differ.
   */
  readonly success_rate: number;
  readonly successes: number;
  /** Valid trials of the paired tasks. */
  readonly trials: number;
  /** Model spend of the system over every attempt of the paired tasks, invalid ones included. */
  readonly cost: {
    /** Null when a trial's cost is unknown (a model no pricing table priced). */
    readonly total_usd: number | null;
    /** total_usd / successes; null when nothing succeeded or the total is unknown. */
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
  /**
   * Settings the runs were played under that differ (suite hash, tasks,
   * mode, faults, perturbations, sandbox), each with A's and B's value:
   * then B − A measures them as well as the systems. Empty when none does.
   */
  readonly setting_differences: readonly SettingDifference[];
  /** Tasks with valid trials in both runs, in run A's task order. */
  readonly tasks: readonly TaskComparison[];
  /** Tasks left out of every paired figure, by reason. */
  readonly unpaired: {
    readonly only_in_a: readonly string[];
    readonly only_in_b: readonly string[];
    /** Run by both, but without a valid trial in at least one of them. */
    readonly without_valid_trials: readonly string[];
  };
  /** The mean over paired tasks of B − A success rates, with its 95% interval and p-value. */
  readonly difference: PairedDifference;
  /** The same over the outcome-only rates (`outcome_rate` of the scorecard). */
  readonly outcome_difference: PairedDifference;
  /** Both differences again, on exactly these tasks (see TheseTasksDifference). */
  readonly these_tasks: {
    readonly difference: TheseTasksDifference;
    readonly outcome_difference: TheseTasksDifference;
  };
  /** Which of the two `--fail-if-worse` reads. */
  readonly gate: ComparisonGate;
  readonly tests: {
    /** The test whose p-value the comparison leads with (difference.p). */
    readonly primary: 'paired_t' | 'sign_flip_hoeffding';
    /** Null when it does not apply: fewer than two tasks, or no spread among the differences. */
    readonly paired_t: {
      readonly t: number;
      readonly degrees_of_freedom: number;
      readonly p: number;
    } | null;
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
  /**
   * Tasks by their own change (see TaskChange): only `improved` and
   * `regressed` are findings; the rest moved within the noise of their
   * trials or not at all.
   */
  readonly changes: {
    readonly method: 'boschloo-exact-holm';
    /** Family-wise error rate: the chance that any listed task is listed by chance alone. */
    readonly alpha: number;
    readonly improved: readonly string[];
    readonly regressed: readonly string[];
    readonly within_noise: readonly string[];
    readonly unchanged: readonly string[];
  };
  /**
   * Per side, each judge model and rubric its trials were graded with and
   * whether a validation against people is on record for it (null
   * validation: unvalidated). Absent when neither run was judged, or when
   * the caller did not look the validations up (`endstate compare` does).
   */
  readonly judge_validation?: {
    readonly a: readonly JudgeValidationStatus[];
    readonly b: readonly JudgeValidationStatus[];
  };
  /** What each figure weighs: the suite's task weights, or every paired task the same. */
  readonly weighting: ComparisonWeighting;
  /** What a reader should know before trusting the figures (unfinished runs, few tasks, a changed suite). */
  readonly notes: readonly string[];
}
