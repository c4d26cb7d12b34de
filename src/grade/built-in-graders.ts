import { claimsGrader } from './claims-grader.js';
import { gradeConstraints } from './constraints.js';
import { defineGrader } from './grader.js';
import type { Grader } from './grader.js';
import { gradeOutcome } from './outcome.js';
import { gradeResponse } from './response.js';

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
  version: '3',
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

/**
 * Every grader endstate ships, in the order their checks are listed.
 * Graders of the suite's environment (`defineEnvironment({ graders })`) run after these.
 */
export const BUILT_IN_GRADERS: readonly Grader[] = [
  outcomeGrader,
  responseGrader,
  claimsGrader,
  constraintsGrader,
];
