import { NORMAL_EXIT_REASONS } from '../../schema/index.js';
import type { Scorecard } from '../scorecard.js';
import { describeSandbox } from './describe-sandbox.js';

/**
 * Which of the scorecard's own lines (beside its sections') the compact
 * terminal scorecard keeps: each is true when its line says something the
 * headline and the rest do not. `--verbose` prints them all.
 */
export interface InformativeFigures {
  /** The sandbox line: the agent ran as a program, so its isolation applies. */
  readonly sandbox: boolean;
  /** pass^k: some k above 1 (pass^1 is the success rate again). */
  readonly passK: boolean;
  /** The outcome-only verdict: it differs from success (a constraint turned some verdict). */
  readonly outcome: boolean;
  /** Trials: a planned trial has no valid record, or some attempt was invalid or harness-incompatible. */
  readonly trials: boolean;
  /** Terminal reasons other than success and agent failure. */
  readonly terminal: boolean;
  /** Exits other than the normal ones (`finished`, `user_stop`). */
  readonly exit: boolean;
  /** Cost: some trial, the simulated user or the judge cost something, or a cost is unknown. */
  readonly cost: boolean;
  /** Steps: successes and failures to set side by side. */
  readonly steps: boolean;
  /** Latency: the agent called a model or ran as a program (an in-process agent's milliseconds say nothing). */
  readonly latency: boolean;
}

/** What the sandbox line says of an agent that runs inside endstate. */
const IN_PROCESS = describeSandbox(null, 'oracle');

const NORMAL_EXITS: ReadonlySet<string> = new Set(NORMAL_EXIT_REASONS);
const VERDICT_REASONS: ReadonlySet<string> = new Set(['success', 'agent_failure']);

const anyOf = (record: Readonly<Record<string, number>>, counted: (key: string) => boolean) =>
  Object.entries(record).some(([key, count]) => count > 0 && counted(key));

/** Which of the scorecard's own lines carry information on this scorecard. */
export function informativeFigures(card: Scorecard): InformativeFigures {
  const { counts: n, cost } = card;
  const inProcess = card.isolation === IN_PROCESS;
  return {
    sandbox: !inProcess,
    passK: Object.keys(card.pass_hat_k).some((k) => Number(k) > 1),
    outcome:
      card.outcome_only.success_rate.successes !== card.success_rate.successes ||
      card.outcome_only.verdict_of !== 'tau-bench' ||
      card.outcome_only.unmeasured_trials > 0,
    trials:
      n.valid_trials !== n.planned_trials ||
      n.invalid_attempts > 0 ||
      n.missing_trials > 0 ||
      n.incompatible_trials > 0,
    terminal: anyOf(card.terminal_reasons, (reason) => !VERDICT_REASONS.has(reason)),
    exit: anyOf(card.exit_reasons, (reason) => !NORMAL_EXITS.has(reason)),
    cost: [cost.total_usd, cost.user_simulator_usd, cost.graders_usd].some(
      (usd) => usd === null || usd > 0,
    ),
    steps: card.steps.successes.count > 0 && card.steps.failures.count > 0,
    latency: !inProcess || card.model_usage.calls > 0,
  };
}
