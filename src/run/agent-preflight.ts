import type { Agent, AgentPreflight } from '../agent/index.js';
import { deriveSeed } from '../core/index.js';
import type { Task } from '../task/index.js';
import { runTrial } from '../trial/index.js';
import type { RunPlan } from './run-plan.js';

/** How long an agent program may take to show it speaks its protocol (or the task's own timeout, if shorter). */
export const AGENT_PREFLIGHT_TIMEOUT_MS = 60_000;

/** What the agent preflight of a run found. */
export type AgentPreflightOutcome =
  /** The agent is no program (it declares no preflight), or the run plays no task. */
  | { readonly type: 'none' }
  | (AgentPreflight & {
      /** The task the program was started on (the run's first). */
      readonly task_id: string;
    });

/**
 * Starts the run's agent program once, before any trial, the way its
 * trials start it: on the run's first task, through a trial's session
 * (same sandbox, limits and `start` message), with no user but the task's
 * own words and no judge, so no model is called. Its record is dropped:
 * nothing of the preflight is stored. Agents that are no program (they
 * declare no `preflight`) are not checked.
 */
export async function preflightAgent(plan: RunPlan): Promise<AgentPreflightOutcome> {
  const { agent } = plan;
  const task = firstTaskOf(plan);
  if (agent.preflight === undefined || task === undefined) return { type: 'none' };
  const timeoutMs = Math.min(AGENT_PREFLIGHT_TIMEOUT_MS, task.spec.limits.timeout_s * 1000);
  let found: AgentPreflight | undefined;
  const probe: Agent = {
    spec: agent.spec,
    readsReference: false,
    async run(session) {
      found = await agent.preflight!(session, { timeoutMs });
      return { finalAnswer: null };
    },
  };
  const record = await runTrial({
    task,
    environment: plan.suite.environment,
    agent: probe,
    seed: deriveSeed(plan.seed, task.id, 'preflight'),
    attempt: 1,
    rerun: 0,
    runId: 'preflight',
    suiteHash: plan.suite.hash,
    systemHash: plan.systemHash,
    mode: 'no-user',
  });
  if (found !== undefined) return { ...found, task_id: task.id };
  // The session never reached the program (a failed reset, a preflight that threw).
  return {
    type: 'failed',
    task_id: task.id,
    reason: record.error ?? `the preflight trial ended in ${record.exit_reason}`,
    stderr: '',
  };
}

/** The first task a run plays: its first task played alone, else its first sequence's first episode. */
function firstTaskOf(plan: RunPlan): Task | undefined {
  return plan.tasks[0] ?? plan.sequences[0]?.episodes[0]?.task;
}
