import type { Environment } from '../environment/index.js';
import { BUILT_IN_GRADERS, createFinalStateView, runGraders } from '../grade/index.js';
import type { GradedTrial, Grader, JudgeCaller } from '../grade/index.js';
import type { TrialEvent } from '../schema/index.js';
import type { StateDiff } from '../state/index.js';
import type { Task } from '../task/index.js';

export interface FinalStateInput {
  readonly task: Task;
  readonly environment: Environment;
  readonly diff: StateDiff;
  readonly events: readonly TrialEvent[];
  readonly finalAnswer: string | null;
  /** The run's judge model, for model-based graders. */
  readonly judge?: JudgeCaller | undefined;
  readonly signal?: AbortSignal;
}

/** The graders of a trial: endstate's own, then the environment's (`defineEnvironment({ graders })`). */
export function gradersOf(environment: Environment): readonly Grader[] {
  return [...BUILT_IN_GRADERS, ...environment.graders];
}

/**
 * Every grader that applies to the task on a final state (as a diff
 * against s0) and the recorded events, as `runTrial` grades a trial. A
 * grader that throws gives a grade with its error: the trial is then a
 * grader failure, never a silent 0.
 */
export function gradeFinalState(input: FinalStateInput): Promise<GradedTrial> {
  const { task, environment, diff } = input;
  const s0 = task.initialState.snapshot;
  return runGraders(gradersOf(environment), {
    task: task.spec,
    s0,
    final: createFinalStateView(s0, diff),
    diff,
    events: input.events,
    finalAnswer: input.finalAnswer,
    effectOf: (tool) => environment.tools.get(tool)?.effect,
    judge: input.judge,
    signal: input.signal ?? new AbortController().signal,
  });
}
