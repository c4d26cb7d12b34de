import type { Environment } from '../environment/index.js';
import type { JudgeCaller } from '../grade/index.js';
import type { TrialRecord } from '../schema/index.js';
import type { Task } from '../task/index.js';
import { gradeFinalState } from './grade-final-state.js';
import { rebuildFinalState } from './rebuild-final-state.js';
import { INFRASTRUCTURE_EXITS } from './terminal-reason.js';
import { verdictOf } from './verdict-of.js';

export interface RegradeTrialInput {
  readonly record: TrialRecord;
  /** The task as the suite holds it now; undefined when the suite no longer has it. */
  readonly task: Task | undefined;
  readonly environment: Environment;
  /** The judge model for model-based graders (`regrade --judge`). */
  readonly judge?: JudgeCaller | undefined;
}

/** What became of one stored trial. Records keep their ids: the caller gives them new ones. */
export type RegradedTrial =
  | {
      readonly type: 'regraded';
      readonly record: TrialRecord;
      /** Where the final state came from: the stored diff, or the recorded tool calls replayed. */
      readonly finalState: 'stored' | 'replayed';
    }
  /** The environment or the harness broke in the trial: there was no grade, and there is none to redo. */
  | { readonly type: 'not_graded'; readonly record: TrialRecord }
  /** The final state could not be trusted or the task is gone: the record stays as it was. */
  | { readonly type: 'not_regradable'; readonly record: TrialRecord; readonly reason: string };

/**
 * Re-runs the graders on a stored trial: the same events and final state,
 * the task's current expectations and constraints and the current graders.
 * The exit reason stays; the terminal reason, success and validity are
 * recomputed by `verdictOf`, as for a trial played now, so a grader fix
 * needs no new model calls.
 */
export async function regradeTrial(input: RegradeTrialInput): Promise<RegradedTrial> {
  const { record, task, environment } = input;
  if (INFRASTRUCTURE_EXITS.includes(record.exit_reason)) {
    // No verdict to carry over: the trial belongs to the revision it is regraded with.
    const revision = task?.spec.revision ?? record.task_revision;
    return { type: 'not_graded', record: { ...record, task_revision: revision } };
  }
  if (task === undefined) {
    return {
      type: 'not_regradable',
      record,
      reason: `task ${record.task_id} is no longer in the suite`,
    };
  }
  const state = await rebuildFinalState(record, task, environment);
  if (state.type === 'failed') return { type: 'not_regradable', record, reason: state.reason };

  const graded = await gradeFinalState({
    task,
    environment,
    diff: state.diff,
    events: record.events,
    finalAnswer: record.final_answer,
    judge: input.judge,
  });
  const {
    fields: { grades, ...verdict },
    graderCostUsd,
  } = verdictOf({
    exit: record.exit_reason,
    graded,
    // The agent's own error stays; a grader failure's message goes with the failure.
    error: record.terminal_reason === 'grader_failure' ? null : record.error,
  });
  return {
    type: 'regraded',
    finalState: record.state_diff === null ? 'replayed' : 'stored',
    record: {
      ...record,
      // Graded against the task as it is now: its revision is the current one.
      task_revision: task.spec.revision,
      final_state_hash: state.hash,
      state_diff: state.diff,
      // Every grade is today's: a regraded record carries today's grader versions.
      grades,
      usage: { ...record.usage, grader_cost_usd: graderCostUsd },
      ...verdict,
    },
  };
}
