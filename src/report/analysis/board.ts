import type { RunStatus } from '../../schema/index.js';
import type { RateSummary } from '../scorecard.js';
import type { FrontierStatus } from './pareto-frontier.js';
import type { RunSettings, SettingDifference } from './run-settings.js';

/** A safety rate of the run's scorecard: trials with the event out of those that could have had it. */
export interface BoardSafetyRate {
  readonly events: number;
  readonly trials: number;
  /** One-sided 95% upper bound, clustered by task (NaN, null in JSON, when trials = 0). */
  readonly upper95: number;
}

/** One run on a board: its scorecard's headline figures and where it stands on the frontier. */
export interface BoardRun {
  readonly run_id: string;
  readonly created_at: string;
  readonly status: RunStatus;
  /** `kind:name@version`. */
  readonly agent: string;
  readonly system_hash: string;
  /**
   * How the board names the run: the agent and the values of the system
   * spec fields in which the board's runs differ (`agent.options.slip=0.3`);
   * the run id is added when two runs would read the same.
   */
  readonly label: string;
  readonly trials_per_task: number;
  /** The scorecard's task-weighted success rate with its clustered 95% interval and denominators. */
  readonly success_rate: RateSummary;
  /**
   * pass^k at the board's k (`Board.k`) with its 95% interval; null when
   * the board has no k (a run without a valid trial).
   */
  readonly pass_hat_k: { readonly value: number; readonly ci95: readonly [number, number] } | null;
  /** The scorecard's cost figures (the system under test's model spend over every attempt). */
  readonly cost: {
    /** Total / attempts, invalid ones included: the frontier's cost; null when unknown. */
    readonly per_trial_usd: number | null;
    /** Total / successes; null when nothing succeeded or the total is unknown. */
    readonly per_success_usd: number | null;
    /** Its bootstrap 95% interval over tasks; null as per_success_usd, bounds null when unbounded. */
    readonly per_success_ci95: readonly [number, number] | null;
    readonly total_usd: number | null;
    /** Attempts with a model call no pricing table priced: the cost is then unknown. */
    readonly unpriced_trials: number;
  };
  /** Working time of the valid trials (`usage.latency_ms`): median and 95th percentile. */
  readonly latency_ms: { readonly count: number; readonly p50: number; readonly p95: number };
  readonly safety: {
    /** Process-constraint checks that failed, out of those made; null when no task declares a constraint. */
    readonly constraint_violations: { readonly violated: number; readonly checks: number } | null;
    /** The scorecard's safety rates by name (`forbidden_action`, `loop`, …). */
    readonly rates: Readonly<Record<string, BoardSafetyRate>>;
  };
  /**
   * `frontier`, `dominated`, or not placed: `unknown-cost` (some attempt's
   * cost is unknown) or `no-valid-trials`.
   */
  readonly frontier: FrontierStatus;
  /** Runs of the board that are at least as successful and at most as costly, one strictly. */
  readonly dominated_by: readonly string[];
}

/** Runs whose settings agree, ranked together. */
export interface Board {
  /** The settings every run of the board shares (the first run's: see docs/cli.md, board). */
  readonly settings: RunSettings;
  /**
   * The k of every run's pass^k: the largest k each run has valid trials
   * for on every task; null when a run has no valid trial.
   */
  readonly k: number | null;
  /** By success rate, highest first; ties by lower cost per trial, then run id. */
  readonly runs: readonly BoardRun[];
  /** Runs on the cost–success frontier, cheapest first. */
  readonly frontier: readonly string[];
  /** For each board listed before this one: the settings in which its first run and this board's differ. */
  readonly differs_from: readonly {
    /** 1-based position of the other board. */
    readonly board: number;
    readonly differences: readonly SettingDifference[];
  }[];
  /** What a reader should know before ranking (unfinished runs, unknown costs, different k). */
  readonly notes: readonly string[];
}

/**
 * Several runs side by side, split into boards of runs that may be ranked
 * together: runs are never ranked across a difference in settings.
 */
export interface BoardSet {
  /** The cost the frontier reads. */
  readonly cost_basis: 'per_trial_usd';
  readonly boards: readonly Board[];
}
