import type { Environment } from '../environment/index.js';
import { GraderError, gradeTrial } from '../grade/index.js';
import type { TrialGrade } from '../grade/index.js';
import type { GraderOutput, TrialEvent } from '../schema/index.js';
import type { StateDiff } from '../state/index.js';
import type { Task } from '../task/index.js';

/** The graders' verdict on a trial, or why they could not give one (a grader failure, never a 0). */
export type GradedState =
  | { readonly type: 'grade'; readonly grade: TrialGrade }
  | {
      readonly type: 'error';
      /** Starts with the id of the check that could not be computed when it is known. */
      readonly message: string;
      readonly checkId: string | null;
      /** The outcome checks computed, the broken one with its message and evidence. */
      readonly outcome: GraderOutput;
    };

/**
 * Every grader of the task on a final state (as a diff against s0) and the
 * recorded events, as `runTrial` grades a trial. Any exception in a grader
 * is a grader error, never a failed check.
 */
export function gradeFinalState(
  task: Task,
  environment: Environment,
  diff: StateDiff,
  events: readonly TrialEvent[],
): GradedState {
  try {
    return {
      type: 'grade',
      grade: gradeTrial({
        expect: task.spec.expect,
        constraints: task.spec.constraints,
        s0: task.initialState.snapshot,
        diff,
        events,
        effectOf: (tool) => environment.tools.get(tool)?.effect,
        access: task.spec.tools,
      }),
    };
  } catch (error) {
    if (error instanceof GraderError) {
      const checkId = error.checkId ?? null;
      return {
        type: 'error',
        message:
          checkId === null || error.message.startsWith(checkId)
            ? error.message
            : `${checkId}: ${error.message}`,
        checkId,
        outcome: { pass: false, checks: [...error.checks] },
      };
    }
    return {
      type: 'error',
      message: error instanceof Error ? error.message : String(error),
      checkId: null,
      outcome: { pass: false, checks: [] },
    };
  }
}
