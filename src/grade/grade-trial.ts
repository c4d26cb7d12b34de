import type { Check, Expect, Constraint, GraderOutput, TrialEvent } from '../schema/index.js';
import type { StateDiff, StateSnapshot } from '../state/index.js';
import { gradeConstraints } from './constraints.js';
import type { ToolAccessRule, ToolEffectOf } from './constraints.js';
import { gradeOutcome } from './outcome.js';
import { gradeResponse } from './response.js';

export interface TrialGradeInput {
  readonly expect: Expect;
  readonly constraints: readonly Constraint[];
  readonly s0: StateSnapshot;
  readonly diff: StateDiff;
  readonly events: readonly TrialEvent[];
  readonly effectOf: ToolEffectOf;
  /** The task's `tools` list: attempts at denied tools fail like a `forbid` constraint. */
  readonly access?: ToolAccessRule;
}

export interface TrialGrade {
  readonly outcome: GraderOutput;
  readonly constraints: readonly Check[];
  readonly response: GraderOutput;
  /** Y = G · Π C_j, where G covers the state and the facts to communicate. */
  readonly success: boolean;
}

/** All graders of one trial. Pure: the same inputs give the same grade. */
export function gradeTrial(input: TrialGradeInput): TrialGrade {
  const outcome = gradeOutcome({ expect: input.expect, s0: input.s0, diff: input.diff });
  const constraints = gradeConstraints({
    constraints: input.constraints,
    events: input.events,
    effectOf: input.effectOf,
    ...(input.access === undefined ? {} : { access: input.access }),
  });
  const response = gradeResponse({
    communicate: input.expect.communicate,
    events: input.events,
    match: input.expect.communicate_match,
  });
  const success = outcome.pass && response.pass && constraints.every((check) => check.pass);
  return { outcome, constraints, response, success };
}

/** Every check of a grade, for naming the ones that failed. */
export function allChecks(grade: TrialGrade): Check[] {
  return [...grade.outcome.checks, ...grade.response.checks, ...grade.constraints];
}
