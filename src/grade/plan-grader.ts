import type { Check, GraderOutput, PlanSpec, TrialEvent } from '../schema/index.js';
import { checkPlan } from './check-plan.js';
import { findPlan } from './find-plan.js';
import { defineGrader } from './grader.js';
import type { Grader } from './grader.js';
import { planAdherence } from './plan-adherence.js';
import { toolAttempts } from './tool-attempts.js';

/**
 * The plan's checks: `plan.found` (the agent stated a plan where the task
 * says to look), then, when it did, one check per declared constraint on
 * the plan (`plan.checks[i]`). No plan is a failed check, not a grader
 * failure: stating the plan was the agent's job.
 */
export function gradePlan(spec: PlanSpec, events: readonly TrialEvent[]): GraderOutput {
  const plan = findPlan(spec, events);
  const found: Check = {
    id: 'plan.found',
    kind: 'plan_found',
    pass: plan.found,
    message: plan.found
      ? `the agent stated a plan of ${plan.steps.length} step(s)`
      : `no plan: ${plan.reason}`,
    evidence: plan.found
      ? { event_index: plan.eventIndex, steps: plan.steps.map((step) => ({ ...step })) }
      : null,
  };
  const checks = [found, ...(plan.found ? checkPlan(spec.checks, plan.steps) : [])];
  return { pass: checks.every((check) => check.pass), checks };
}

/**
 * How the calls made after the plan was stated follow it (`plan.adherence`,
 * passing when every planned step was carried out as the mode asks); the
 * score is the adherence in [0, 1], none when there was no plan. Calls of
 * the plan tool itself are left out; every attempt counts, blocked ones too.
 */
export function gradePlanAdherence(spec: PlanSpec, events: readonly TrialEvent[]): GraderOutput {
  const plan = findPlan(spec, events);
  if (!plan.found) {
    const check: Check = {
      id: 'plan.adherence',
      kind: 'adherence',
      pass: false,
      message: 'no plan to follow',
      evidence: null,
    };
    return { pass: false, checks: [check] };
  }
  const calls = toolAttempts(events)
    .filter(
      (attempt) =>
        attempt.index > plan.eventIndex && !(spec.from === 'tool' && attempt.tool === spec.tool),
    )
    .map(({ tool, args }) => ({ tool, args }));
  const adherence = planAdherence(plan.steps, calls, spec.adherence);
  const pass = adherence.score === 1;
  const mode = spec.adherence.replace('_', ' ');
  return {
    pass,
    score: adherence.score,
    checks: [
      {
        id: 'plan.adherence',
        kind: 'adherence',
        pass,
        message: `${adherence.matched} of ${adherence.planned} planned step(s) carried out (${mode}; ${adherence.executed} call(s) after the plan)`,
        evidence: { ...adherence },
      },
    ],
    evidence: { ...adherence },
  };
}

/** The agent's plan against the task's hard constraints on it: a plan that breaks one fails the trial. */
export const planGrader: Grader = defineGrader({
  id: 'plan',
  version: '1',
  role: 'constraint',
  appliesTo: (task) => task.plan !== undefined,
  grade: ({ task, events }) => gradePlan(task.plan!, events),
});

/** Whether the agent did what it planned: reported, never part of success. */
export const planAdherenceGrader: Grader = defineGrader({
  id: 'plan_adherence',
  version: '1',
  role: 'diagnostic',
  appliesTo: (task) => task.plan !== undefined,
  grade: ({ task, events }) => gradePlanAdherence(task.plan!, events),
});
