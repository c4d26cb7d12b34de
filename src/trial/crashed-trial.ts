import { ToolCrashError, describeThrown } from '../environment/index.js';
import type { ExitReason, TrialRecord } from '../schema/index.js';
import { recordBase } from './trial-record-base.js';
import { verdictOf } from './verdict-of.js';
import type { RecordInput, TrialParts } from './trial-record-base.js';

/**
 * The record of a trial something escaped from: an invalid environment
 * failure, rerun per policy. A tool crash that escaped keeps its exit;
 * anything else is a bug of the harness (or of code it runs outside the
 * dispatcher, a user simulator say): exit `harness_crash`, with the stack.
 */
export function crashedTrial(input: RecordInput, trial: TrialParts, error: unknown): TrialRecord {
  const exit: ExitReason = error instanceof ToolCrashError ? 'tool_crash' : 'harness_crash';
  const message = `${exit === 'tool_crash' ? '' : 'harness crashed: '}${describeThrown(error)}`;
  // Stops an agent still running (its session closes) before the record is made.
  trial.control.stop(exit, message);
  const { state } = trial;
  const stack = error instanceof Error ? error.stack : undefined;
  return {
    ...recordBase(input, trial),
    initial_state_hash: trial.initialHash ?? null,
    final_state_hash: state === undefined ? null : orNull(() => state.hash()),
    state_diff: state === undefined ? null : orNull(() => state.diff()),
    final_answer: null,
    exit_reason: exit,
    // Nothing was graded: an environment failure, invalid.
    ...verdictOf({ exit, graded: undefined, error: message }).fields,
    ...(stack === undefined ? {} : { error_stack: stack }),
  };
}

/** A part of the crashed trial's record, or null when it cannot be had either. */
function orNull<T>(read: () => T): T | null {
  try {
    return read();
  } catch {
    // The record says the trial crashed; a part it cannot show is left out.
    return null;
  }
}
