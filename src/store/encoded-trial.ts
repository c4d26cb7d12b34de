import type { TrialRecord } from '../schema/index.js';
import { TRIAL_RECORD_VERSION } from '../schema/index.js';
import { isRememberedRecord, jsonWithRecords } from '../core/index.js';

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

/** Levels from the state diff down to its records: collection → id → change → before/after. */
const STATE_DIFF_DEPTH = 3;
/** Levels from a tool result event down to the record that is its result. */
const RESULT_EVENT_DEPTH = 1;

export function encodeTrial(trial: TrialRecord): EncodedTrial {
  const written = writtenRecords(trial.state_diff);
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
    record: recordJson(trial, written),
    events: eventsJson(trial.events, written),
  };
}

/** The text of each record the trial wrote (each is also the result of the call that wrote it). */
function writtenRecords(diff: TrialRecord['state_diff']): Map<object, string> {
  const written = new Map<object, string>();
  for (const records of Object.values(diff ?? {})) {
    for (const { after } of Object.values(records)) {
      if (after !== null && !isRememberedRecord(after)) written.set(after, JSON.stringify(after));
    }
  }
  return written;
}

/**
 * `JSON.stringify` of the record without `events`, the same text, with
 * the state records of its diff written once per record (see
 * jsonWithRecords).
 */
function recordJson(trial: TrialRecord, written: ReadonlyMap<object, string>): string {
  // Pieces joined once: a string made by `+` is a tree of pieces, which
  // sending it to the writer thread would first copy into one.
  const pieces: string[] = ['{'];
  for (const key of Object.keys(trial) as (keyof TrialRecord)[]) {
    if (key === 'events') continue;
    const value = trial[key];
    const text =
      key === 'state_diff'
        ? jsonWithRecords(value, STATE_DIFF_DEPTH, written)
        : JSON.stringify(value);
    if (text === undefined) continue;
    if (pieces.length > 1) pieces.push(',');
    pieces.push(JSON.stringify(key), ':', text);
  }
  pieces.push('}');
  return pieces.join('');
}

/** `JSON.stringify` of the events, the same text, with the state records in tool results written once. */
function eventsJson(events: TrialRecord['events'], written: ReadonlyMap<object, string>): string {
  const pieces: string[] = ['['];
  for (let index = 0; index < events.length; index++) {
    const event = events[index]!;
    if (index > 0) pieces.push(',');
    // Walking an event costs more than the engine's stringify: only for a record's text.
    const result = event.kind === 'tool_result' ? event.result : undefined;
    pieces.push(
      typeof result === 'object' &&
        result !== null &&
        (written.has(result) || isRememberedRecord(result))
        ? jsonWithRecords(event, RESULT_EVENT_DEPTH, written)!
        : JSON.stringify(event),
    );
  }
  pieces.push(']');
  return pieces.join('');
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
