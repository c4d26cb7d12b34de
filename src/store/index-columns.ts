import type { RunRecord } from '../schema/index.js';
import type { StoredTrial } from './seal-trial.js';

/**
 * Columns a SQL store keeps beside a record to find, order and count
 * without reading it, as they are stored (booleans as booleans). They are
 * outside the record's seal, so a check compares each with the sealed
 * record: a column changed outside endstate shows as a changed record.
 */
export type IndexColumns = Readonly<Record<string, unknown>>;

/** A run's index columns, as its record has them. */
export function runIndexColumns(run: RunRecord): IndexColumns {
  return {
    run_id: run.run_id,
    created_at: run.created_at,
    finished_at: run.finished_at,
    status: run.status,
    suite_name: run.suite.name,
    suite_hash: run.suite.hash,
    system_hash: run.system_hash,
  };
}

/** A trial's index columns, as its stored record has them. */
export function trialIndexColumns(trial: StoredTrial): IndexColumns {
  return {
    trial_id: trial.trial_id,
    run_id: trial.run_id,
    task_id: trial.task_id,
    attempt: trial.attempt,
    rerun: trial.rerun,
    valid: trial.valid,
    success: trial.success,
    terminal_reason: trial.terminal_reason,
    exit_reason: trial.exit_reason,
  };
}

/** The names of the stored columns whose values differ from what the record says, sorted. */
export function changedColumns(expected: IndexColumns, stored: IndexColumns): string[] {
  return Object.keys(expected)
    .filter((name) => Object.hasOwn(stored, name) && stored[name] !== expected[name])
    .sort();
}
