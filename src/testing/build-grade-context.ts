import { createFinalStateView } from '../grade/index.js';
import type { GradeContext, JudgeCaller } from '../grade/index.js';
import type { TrialEvent } from '../schema/index.js';
import type { StateDiff } from '../state/index.js';
import type { Task } from '../task/index.js';

export interface GradeContextOptions {
  readonly diff?: StateDiff;
  readonly events?: readonly TrialEvent[];
  readonly finalAnswer?: string | null;
  /** Tool name → effect; tools not listed have none. */
  readonly effects?: Readonly<Record<string, 'read' | 'write' | 'irreversible'>>;
  readonly judge?: JudgeCaller;
}

/**
 * A grader's context for one trial of a task, for tests: an empty diff
 * and no events unless given; the final state view follows the diff.
 *
 * @example
 * const context = buildGradeContext(task, { events: [agentSays('Refunded 8842')] });
 * const output = await claimsGrader.grade(context);
 */
export function buildGradeContext(task: Task, options: GradeContextOptions = {}): GradeContext {
  const diff = options.diff ?? {};
  const s0 = task.initialState.snapshot;
  return {
    task: task.spec,
    s0,
    final: createFinalStateView(s0, diff),
    diff,
    events: options.events ?? [],
    finalAnswer: options.finalAnswer ?? null,
    effectOf: (tool) => options.effects?.[tool],
    judge: options.judge,
    signal: new AbortController().signal,
  };
}
