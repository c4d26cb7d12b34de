import type { Environment } from '../environment/index.js';
import { gradeTrial } from '../grade/index.js';
import type { TrialGrade } from '../grade/index.js';
import type { TrialEvent } from '../schema/index.js';
import type { StateDiff } from '../state/index.js';
import type { Task } from '../task/index.js';

/** The graders' verdict on a trial, or why they could not give one (a grader failure, never a 0). */
export type GradedState =
  | { readonly type: 'grade'; readonly grade: TrialGrade }
  | { readonly type: 'error'; readonly message: string };

/**
 * Every grader of the task on a final state (as a diff against s0) and the
 * recorded events, as `runTrial` grades a trial.
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
      }),
    };
  } catch (error) {
    return { type: 'error', message: error instanceof Error ? error.message : String(error) };
  }
}
