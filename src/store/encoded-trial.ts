import type { TrialRecord } from '../schema/index.js';
import { TRIAL_RECORD_VERSION } from '../schema/index.js';

/**
 * A trial record serialised for storage: the columns a store indexes, the
 * record without its events, and the events, each as JSON (what the SQLite
 * writer thread receives).
 */
export interface EncodedTrial {
  readonly trial_id: string;
  readonly run_id: string;
  readonly task_id: string;
  readonly attempt: number;
  readonly rerun: number;
  readonly valid: boolean;
  readonly success: boolean;
  readonly terminal_reason: string;
  readonly exit_reason: string;
  /** JSON of the record without `events`. */
  readonly record: string;
  /** JSON of `events`. */
  readonly events: string;
}

export function encodeTrial(trial: TrialRecord): EncodedTrial {
  const { events, ...record } = trial;
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
    record: JSON.stringify(record),
    events: JSON.stringify(events),
  };
}

/**
 * A stored trial as a record. It was encoded from a validated record, so
 * only its version is checked: parsing every record with the schema would
 * cost more than reading a large run.
 */
export function decodeTrial(recordJson: string, eventsJson: string | undefined): TrialRecord {
  const record = JSON.parse(recordJson) as Omit<TrialRecord, 'events' | 'record_version'> & {
    record_version: unknown;
  };
  if (record.record_version !== TRIAL_RECORD_VERSION) {
    throw new Error(
      `trial ${record.trial_id} has record version ${String(record.record_version)}, this endstate reads ${TRIAL_RECORD_VERSION}`,
    );
  }
  const events = eventsJson === undefined ? [] : (JSON.parse(eventsJson) as TrialRecord['events']);
  return { ...record, record_version: TRIAL_RECORD_VERSION, events };
}
