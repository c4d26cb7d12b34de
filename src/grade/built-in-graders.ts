import { claimsGrader } from './claims-grader.js';
import { gradeConstraints } from './constraints.js';
import { defineGrader } from './grader.js';
import type { Grader } from './grader.js';
import { judgeGrader } from './judge-grader.js';
import { gradeMustNotSay } from './must-not-say.js';
import { gradeOutcome } from './outcome.js';
import { partialGrader } from './partial-grader.js';
import { planAdherenceGrader, planGrader } from './plan-grader.js';
import { gradeResponse } from './response.js';
import { gradeTrajectory } from './trajectory.js';

/** The end state G(s0, sT): expected changes, CEL assertions, nothing else changed. */
export const outcomeGrader: Grader = defineGrader({
  id: 'outcome',
  version: '3',
  role: 'gate',
  grade: ({ task, s0, diff }) => gradeOutcome({ expect: task.expect, s0, diff }),
});

/** The facts the agent had to tell the user. */
export const responseGrader: Grader = defineGrader({
  id: 'response',
  version: '4',
  role: 'gate',
  appliesTo: (task) => task.expect.communicate.length > 0,
  grade: ({ task, events }) =>
    gradeResponse({
      communicate: task.expect.communicate,
      events,
      match: task.expect.communicate_match,
    }),
});

/** The hard process constraints C_j(τ) and the task's tool list. */
export const constraintsGrader: Grader = defineGrader({
  id: 'constraints',
  version: '3',
  role: 'constraint',
  appliesTo: (task) =>
    task.constraints.length > 0 || task.tools.deny.length > 0 || task.tools.allow !== undefined,
  grade: ({ task, events, effectOf }) => {
    const checks = gradeConstraints({
      constraints: task.constraints,
      events,
      effectOf,
      access: task.tools,
    });
    return { pass: checks.every((check) => check.pass), checks };
  },
});

/** What the agent must never tell the user: literals, patterns, values of s0's records. */
export const mustNotSayGrader: Grader = defineGrader({
  id: 'must_not_say',
  version: '1',
  role: 'constraint',
  appliesTo: (task) => task.must_not_say.length > 0,
  grade: ({ task, s0, events, finalAnswer }) =>
    gradeMustNotSay({ rules: task.must_not_say, s0, events, finalAnswer }),
});

/**
 * The agent's calls against a reference path: a diagnostic, or a
 * constraint when the task says the order is the requirement (`required: true`).
 */
export const trajectoryGrader: Grader = defineGrader({
  id: 'trajectory',
  version: '1',
  role: (task) => (task.trajectory?.required === true ? 'constraint' : 'diagnostic'),
  appliesTo: (task) => task.trajectory !== undefined,
  grade: ({ task, events }) => {
    if (task.trajectory === undefined) return { pass: true, checks: [] };
    return gradeTrajectory({ spec: task.trajectory, reference: task.reference, events });
  },
});

/**
 * Every grader endstate ships, in the order their checks are listed.
 * Graders of the suite's environment (`defineEnvironment({ graders })`) run after these.
 */
export const BUILT_IN_GRADERS: readonly Grader[] = [
  outcomeGrader,
  responseGrader,
  claimsGrader,
  constraintsGrader,
  mustNotSayGrader,
  planGrader,
  judgeGrader,
  trajectoryGrader,
  planAdherenceGrader,
  partialGrader,
];
