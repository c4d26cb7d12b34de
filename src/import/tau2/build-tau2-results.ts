import { EndstateError, isJsonObject } from '../../core/index.js';
import type { JsonObject } from '../../core/index.js';
import type { ExitReason, RunRecord, TrialRecord } from '../../schema/index.js';
import { tau2Messages } from './tau2-messages.js';
import type { Tau2Info, Tau2Results, Tau2SimulationRun } from './tau2-results.js';
import type { TAU2_TERMINATION_REASONS } from './tau2-results.js';
import { tau2RewardInfo } from './tau2-reward-info.js';
import { endstateTaskId } from './endstate-task-id.js';
import type { Tau2Task } from './tau2-task.js';

type Tau2TerminationReason = (typeof TAU2_TERMINATION_REASONS)[number];

/**
 * endstate's exit reasons as tau2's termination reasons. tau2 has no
 * budgets on tokens or cost and no loop guard: those exits are a budget
 * that ran out, as its `max_steps` is. The exit reason itself is kept in
 * each simulation's `info.endstate`.
 */
const TERMINATION: Readonly<Record<ExitReason, Tau2TerminationReason>> = {
  finished: 'agent_stop',
  user_stop: 'user_stop',
  max_steps: 'max_steps',
  token_limit: 'max_steps',
  cost_limit: 'max_steps',
  loop_detected: 'max_steps',
  timeout: 'timeout',
  agent_error: 'agent_error',
  provider_error: 'agent_error',
  tool_crash: 'unexpected_error',
  harness_crash: 'unexpected_error',
};

export interface BuildTau2ResultsInput {
  readonly run: RunRecord;
  readonly trials: readonly TrialRecord[];
  /** tau2's tasks of the suite (its tasks.json), raw and as read. */
  readonly tasks: readonly { readonly raw: JsonObject; readonly task: Tau2Task }[];
  /** The domain's name (`retail`) and the policy the agent was shown. */
  readonly domain: string;
  readonly policy: string;
  /** The largest `limits.max_steps` of the run's tasks. */
  readonly maxSteps: number;
  /** `endstate <version>`, in tau2's `git_commit` (the code that produced the results). */
  readonly producer: string;
}

/**
 * A stored run in tau2-bench's results format (`Results`): its info (the
 * agent, the user simulator, the domain and policy), the tau2 tasks of the
 * run, and one simulation per trial with the conversation and tau2's
 * reward as the scorecard's tau2 verdict gives it. An invalid trial is
 * tau2's `infrastructure_error`, which tau2's metrics leave out as endstate
 * leaves out invalid trials.
 *
 * Throws E_USAGE when a trial's task is not among the tau2 tasks (the run
 * is not of an imported tau2 suite, or the suite's tasks.json changed).
 */
export function buildTau2Results(input: BuildTau2ResultsInput): Tau2Results {
  const { run, trials } = input;
  // Trials carry the endstate id, which differs from tau2's when tau2's has brackets.
  const byId = new Map(input.tasks.map((entry) => [endstateTaskId(entry.task.id), entry]));
  const missing = [...new Set(trials.map((trial) => trial.task_id))].filter((id) => !byId.has(id));
  if (missing.length > 0) {
    throw new EndstateError(
      'E_USAGE',
      `run ${run.run_id} has trials of ${missing.length} task(s) that are not tau2 tasks of its suite: ${missing.slice(0, 5).join(', ')}`,
      {
        hint: `Export a run of a suite written by \`endstate import tau2\` (its data/tasks.json lists every task); the suite was ${run.suite.path}.`,
      },
    );
  }
  const simulations = trials.map((trial) => simulationOf(trial, byId.get(trial.task_id)!.task));
  return {
    timestamp: run.created_at,
    info: infoOf(input),
    tasks: run.suite.task_ids.flatMap((id) => {
      const entry = byId.get(id);
      return entry === undefined ? [] : [entry.raw];
    }),
    simulations,
  };
}

function simulationOf(trial: TrialRecord, task: Tau2Task): Tau2SimulationRun {
  const start = Date.parse(trial.started_at);
  return {
    id: trial.trial_id,
    task_id: task.id,
    timestamp: trial.started_at,
    start_time: trial.started_at,
    end_time: new Date(start + trial.usage.latency_ms).toISOString(),
    duration: trial.usage.latency_ms / 1000,
    termination_reason: trial.valid ? TERMINATION[trial.exit_reason] : 'infrastructure_error',
    agent_cost: trial.usage.cost_usd,
    user_cost: trial.usage.user_cost_usd,
    reward_info: tau2RewardInfo(trial, task),
    messages: tau2Messages(trial.events, trial.started_at),
    trial: trial.attempt - 1,
    seed: trial.seed,
    mode: 'half_duplex',
    info: {
      endstate: {
        run_id: trial.run_id,
        attempt: trial.attempt,
        rerun: trial.rerun,
        valid: trial.valid,
        success: trial.success,
        terminal_reason: trial.terminal_reason,
        exit_reason: trial.exit_reason,
      },
    },
  };
}

/** `provider:id` of a model spec, or null. */
function modelName(model: JsonObject | null | undefined): string | null {
  if (!isJsonObject(model)) return null;
  const { provider, id } = model;
  return typeof id === 'string' ? (typeof provider === 'string' ? `${provider}:${id}` : id) : null;
}

function infoOf(input: BuildTau2ResultsInput): Tau2Info {
  const { system } = input.run;
  return {
    git_commit: input.producer,
    num_trials: input.run.trials_per_task,
    max_steps: input.maxSteps,
    // endstate has no limit on tool errors; 0 stands for none.
    max_errors: 0,
    user_info: {
      implementation: system.user.kind,
      llm: modelName(system.user.model),
      llm_args: system.user.model ?? null,
    },
    agent_info: {
      implementation: `${system.agent.kind}:${system.agent.name}@${system.agent.version}`,
      llm: modelName(system.model),
      llm_args: system.model,
    },
    environment_info: { domain_name: input.domain, policy: input.policy, tool_defs: null },
    seed: input.run.seed,
  };
}
