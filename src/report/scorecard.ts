import type { AssistanceSummary } from './analysis/assistance-summary.js';
import type { PartialSummary } from './analysis/partial-summary.js';
import type { PlanSummary } from './analysis/plan-summary.js';
import type { DriftSummary } from './analysis/drift-summary.js';
import type { MemorySummary } from './analysis/memory-summary.js';
import type { RunPricing, SandboxSpec } from '../schema/index.js';
import type { CostSummary } from './analysis/cost-summary.js';
import type { ExitReason, TerminalReason } from '../schema/index.js';
import type { AgentErrorKinds } from './analysis/agent-error-groups.js';
import type { AgentErrorSummary } from './analysis/agent-error-summary.js';
import type { CalibrationSummary } from './analysis/calibration-summary.js';
import type { ConstraintSummary } from './analysis/constraint-summary.js';
import type { FailureLabelSummary } from './analysis/failure-label-summary.js';
import type { FaultSummary } from './analysis/fault-summary.js';
import type { InvalidReason } from './analysis/invalid-reasons.js';
import type { JudgeValidationStatus } from './analysis/judge-validation-status.js';
import type { SafetySummary } from './analysis/safety-summary.js';
import type { RobustnessSummary } from './analysis/robustness-summary.js';

/** A sample summarised, with its size. NaN (null in JSON) when empty. */
export interface SampleSummary {
  readonly count: number;
  readonly mean: number;
  readonly p50: number;
  readonly p95: number;
}

export interface TaskSummary {
  readonly task_id: string;
  readonly labels: Readonly<Record<string, string>>;
  /** How much the task counts in every suite mean (the task file's `weight`; 1 by default). */
  readonly weight: number;
  /** Valid trials. */
  readonly trials: number;
  readonly successes: number;
  /** Valid trials the source benchmark's verdict passes (state and facts alone, constraints ignored, unless the task declares `verdict_checks`). */
  readonly outcome_only_successes: number;
  readonly invalid_attempts: number;
  readonly success_rate: number;
  /** Wilson 95% interval of this task's rate. */
  readonly ci95: readonly [number, number];
  /** Checks that failed in this task's failed valid trials, with how many trials, most first. */
  readonly failed_checks: readonly {
    readonly check: string;
    readonly kind: string;
    readonly trials: number;
  }[];
}

export interface SliceSummary {
  readonly tasks: number;
  readonly trials: number;
  readonly successes: number;
  /** Task-weighted mean success rate of the slice. */
  readonly success_rate: number;
  /** 95% interval of success_rate, clustered by task (the headline method). */
  readonly ci95: readonly [number, number];
  readonly method: string;
}

/** A task-weighted success rate with its 95% interval and denominators. */
export interface RateSummary {
  readonly value: number;
  /** Clustered by task: `successRateInterval` (docs/statistics.md). */
  readonly ci95: readonly [number, number];
  readonly method: string;
  readonly successes: number;
  readonly trials: number;
  readonly tasks: number;
  /** The independent trials that would give the rate its observed variance (at most `trials`). */
  readonly effective_trials: number;
}

/** k → [lower, upper] of a 95% interval. */
export type IntervalsByK = Readonly<Record<string, readonly [number, number]>>;

/** The aggregates of a run; every figure is recomputable from the trial records. */
export interface Scorecard {
  readonly run_id: string;
  readonly suite: { readonly name: string; readonly hash: string };
  readonly system_hash: string;
  readonly agent: string;
  /** How a command or mcp agent was isolated; null for in-process agents and runs made before sandboxing. */
  readonly sandbox: SandboxSpec | null;
  /** The same, as the one line every report shows. */
  readonly isolation: string;
  /** A diagnosis run's mode (`no-user`, `oracle-plan`); absent for a normal run. */
  readonly mode?: 'no-user' | 'oracle-plan';
  readonly counts: {
    readonly tasks: number;
    readonly trials_per_task: number;
    readonly planned_trials: number;
    /** Trials that count: successes, agent failures and harness incompatibilities. */
    readonly valid_trials: number;
    /**
     * Valid trials that ended in harness_incompatibility (the model could not
     * use the tool protocol): failures of the system configuration, counted
     * in the success rate's denominator, not rerun.
     */
    readonly incompatible_trials: number;
    /** Environment (provider included) or grader failures (rerun up to the run's limit). */
    readonly invalid_attempts: number;
    /** Planned trials left without a valid record after every rerun. */
    readonly missing_trials: number;
    readonly successes: number;
    /**
     * Requests the trials' MCP endpoints refused over every attempt (clients
     * without the trial's secret: another process trying to play the trial).
     * Recorded as `endpoint_refused` events, at most 100 per trial.
     */
    readonly refused_connections: number;
    /**
     * Connections sandboxed agents opened through the harness's relays
     * (`connection` events): let through, and refused by the proxy.
     */
    readonly agent_connections: number;
    readonly refused_egress: number;
  };
  readonly success_rate: RateSummary;
  /** Why the headline interval is wide or rough (few tasks, tasks that all pass or all fail); empty when none applies. */
  readonly warnings: readonly string[];
  /**
   * When the run has judge grades: for each judge model and rubric, the
   * validation on record (agreement with people), or null when there is
   * none. Every output says which, so an unvalidated judge never passes unseen.
   */
  readonly judge_validation?: readonly JudgeValidationStatus[];
  /**
   * The source benchmark's verdict: by default on state and facts said
   * alone, process constraints ignored (tau-bench's reward, comparable with
   * its published numbers); for a task labelled `verdict_checks` (an
   * imported tau2 task) on the checks of its `reward_basis`.
   */
  readonly outcome_only: {
    /** Whose verdict it is: the tasks' `verdict_of` label (`tau2`), `tau-bench` by default; comma-separated when several. */
    readonly verdict_of: string;
    /** Valid trials it could not judge, counted as not passing: no check was made of a component it needs (a judge rubric never graded). */
    readonly unmeasured_trials: number;
    readonly success_rate: RateSummary;
    readonly pass_hat_k: Readonly<Record<string, number>>;
    readonly pass_hat_k_ci95: IntervalsByK;
  };
  /** k → task-weighted mean of per-task estimates. */
  readonly pass_at_k: Readonly<Record<string, number>>;
  /** k → 95% interval of pass_at_k, clustered by task. */
  readonly pass_at_k_ci95: IntervalsByK;
  readonly pass_hat_k: Readonly<Record<string, number>>;
  /** k → 95% interval of pass_hat_k, clustered by task. */
  readonly pass_hat_k_ci95: IntervalsByK;
  /**
   * How alike trials of one task are: the ANOVA estimate of the correlation
   * of two trial outcomes of the same task (NaN, null in JSON, when it cannot
   * be estimated: `status` says why), and the design effect
   * 1 + (Σ n_i²/N − 1)·icc (Kish's form; `designEffect` in stats), the factor
   * by which clustering inflates the variance of a rate over the trials.
   */
  readonly intra_task_correlation: {
    readonly icc: number;
    readonly design_effect: number;
    readonly mean_trials_per_task: number;
    readonly status: string;
  };
  readonly k: { readonly planned: number; readonly max: number; readonly note: string | null };
  /** Over every attempt, invalid ones included. */
  readonly terminal_reasons: Readonly<Record<TerminalReason, number>>;
  readonly exit_reasons: Readonly<Record<ExitReason, number>>;
  /** The system under test's model spend over every attempt, invalid ones included. */
  readonly cost: CostSummary;
  /** The prices the run applied and the tables they came from; null when the run called no model or predates it. */
  readonly pricing: RunPricing | null;

  /** Model calls of the system under test over every attempt, with provider trouble. */
  readonly model_usage: {
    readonly calls: number;
    readonly input_tokens: number;
    readonly output_tokens: number;
    readonly cached_input_tokens: number;
    /** Requests retried after a rate limit, server error or timeout. */
    readonly retries: number;
    /** Time spent waiting on providers before retries, apart from working time. */
    readonly wait_ms: number;
    readonly user_simulator_calls: number;
  };
  readonly steps: { readonly successes: SampleSummary; readonly failures: SampleSummary };
  readonly latency_ms: SampleSummary;
  /**
   * Why valid trials failed, comparable across tasks (`exit:max_steps`,
   * `outcome:insert`, `constraint:consent`): failed trials with that
   * reason, most frequent first. A trial can have several reasons.
   */
  readonly failure_reasons: readonly { readonly reason: string; readonly trials: number }[];
  /**
   * One cause per failed valid trial (docs/failure-labels.md): the label
   * the rules propose, and the labels people gave where imported.
   */
  readonly failure_labels: FailureLabelSummary;
  /**
   * Invalid attempts by terminal and exit reason, most frequent first, each
   * with the error of its first attempt (what broke, for the terminal and CI).
   */
  readonly invalid_reasons: readonly InvalidReason[];
  /**
   * Per task with valid trials that ended in `agent_error` (a command
   * agent's non-JSON line, a crash): how many, and the first one's error.
   */
  readonly agent_errors: readonly AgentErrorSummary[];
  /**
   * The most frequent agent-side errors of valid trials, by message with ids
   * and numbers masked: tool errors answering the agent's calls (faults and
   * tool crashes left out) and ends in `agent_error`, each with an example trial.
   */
  readonly agent_error_kinds: AgentErrorKinds;
  /** The error of the first valid trial that ended in harness_incompatibility; null when none did. */
  readonly incompatibility_example: string | null;
  /** Recovery and same-task success with and without each fault kind, injection resistance; null when none fired. */
  readonly faults: FaultSummary | null;
  /** Unsafe events (forbidden actions, no consent, out of scope, loops, injections not resisted) with 95% upper bounds. */
  readonly safety: SafetySummary;
  /** Pooled (micro) and per-kind mean pass rates of the process constraints; null when no task declares one. */
  readonly constraints_pass: ConstraintSummary | null;
  /** Micro and macro pass rates of agents' stated plans and their adherence; null unless a task declares a plan. */
  readonly plans: PlanSummary | null;
  /** Mean partial score with its clustered interval, beside the same trials' success; null unless a task declares sub-goals. */
  readonly partial: PartialSummary | null;
  /** Success per environment version, the drop at a version change and regret against the oracle; only when episode records carry a version. */
  readonly drift?: DriftSummary;
  /** Success by episode index, recall, within- vs cross-session success; only when records are episodes of sequences. */
  readonly memory?: MemorySummary;
  /** Expected calibration error and a reliability table; null unless the agent reported confidences. */
  readonly calibration: CalibrationSummary | null;
  /**
   * Per perturbation kind, the success gap between base tasks and their
   * variants run beside them (docs/statistics.md, Robustness gap); absent
   * when the run holds no variant task.
   */
  readonly robustness?: RobustnessSummary;
  /**
   * Unassisted success and assisted completion (their sum is the success
   * rate), the share of trials the user helped and assistances per trial;
   * null (or absent, in scorecards made before it) unless a task's user can help or a trial was helped.
   */
  readonly assistance?: AssistanceSummary | null;
  readonly tasks: readonly TaskSummary[];
  /** Label → value → slice. */
  readonly slices: Readonly<Record<string, Readonly<Record<string, SliceSummary>>>>;
}
