import type { JsonObject } from '../core/index.js';
import type { TrialRecord } from '../schema/index.js';
import type { StoredTrial } from './seal-trial.js';

/** A stored trial's JSON, in the record version it was written in. */
export type StoredTrialJson = StoredTrial & JsonObject;

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

/** Where a record of a trial's state diff sits: its collection, its id, and the side of the change. */
type DiffRecordRef = readonly [collection: string, id: string, side: 'before' | 'after'];

/**
 * Stores of schema version 4 and 5 wrote this key in place of `result` in
 * a tool result whose result was a record of the trial's state diff (the
 * record's text was stored once, in the diff). Records are now stored as
 * plain data; this key is only read, to give back the trials those stores hold.
 */
const RESULT_REF = '$result';

/** A trial record as the store keeps it: plain JSON, the record as it is, the events apart. */
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
 * A copy of the object with `value` under `to` in the place of the key
 * `from`, its other keys in order: a decoded event has its keys where the
 * recorded one had them.
 */
function replaceKey(object: object, from: string, to: string, value: unknown): object {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(object)) {
    if (key === from) out[to] = value;
    else out[key] = (object as Record<string, unknown>)[key];
  }
  return out;
}

/**
 * A stored trial as it was written (any record version; `readTrialRecord`
 * migrates and validates it): its record with its events, references of
 * older stores resolved. What a trial's seal covers.
 */
export function decodeTrial(recordJson: string, eventsJson: string | undefined): StoredTrialJson {
  const record = JSON.parse(recordJson) as StoredTrialJson;
  const events = eventsJson === undefined ? [] : (JSON.parse(eventsJson) as JsonObject[]);
  if (eventsJson?.includes(`"${RESULT_REF}"`) === true) {
    const diff = (record.state_diff ?? null) as TrialRecord['state_diff'];
    for (let index = 0; index < events.length; index++) {
      const event = events[index]!;
      if (Object.hasOwn(event, RESULT_REF)) {
        events[index] = withResult(event, record.trial_id as string, diff) as JsonObject;
      }
    }
  }
  return { ...record, events };
}

/** A stored tool result with its reference replaced by the diff's record, in the same place. */
function withResult(
  event: JsonObject,
  trialId: string,
  diff: TrialRecord['state_diff'],
): TrialRecord['events'][number] {
  const [collection, id, side] = event[RESULT_REF] as unknown as DiffRecordRef;
  const change = diff !== null && Object.hasOwn(diff, collection) ? diff[collection]! : undefined;
  const record =
    change !== undefined && Object.hasOwn(change, id) && (side === 'before' || side === 'after')
      ? change[id]![side]
      : null;
  if (record === null) {
    throw new Error(
      `trial ${trialId}: a tool result refers to the ${String(side)} side of ${String(collection)}/${String(id)}, which its state diff does not hold`,
    );
  }
  return replaceKey(event, RESULT_REF, 'result', record) as TrialRecord['events'][number];
}
