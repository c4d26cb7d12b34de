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

/** Where a record of a trial's state diff sits: its collection, its id, and the side of the change. */
type DiffRecordRef = readonly [collection: string, id: string, side: 'before' | 'after'];

/**
 * The key that takes the place of `result` in a stored tool result whose
 * result is a record of the trial's state diff: the record a write returned
 * (the change's `after`, most of them) or one a lookup returned before the
 * trial changed it (`before`). The record's text is stored once, in the
 * diff: about a sixth of a retail trial's text. No event of the schema has
 * this key, and a store written before it (schema version 3) holds none.
 */
const RESULT_REF = '$result';

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
    events: JSON.stringify(eventsToStore(events, diffRecordRefs(trial.state_diff))),
  };
}

/** Each record object of the diff, by identity (records are frozen: the same object is the same text). */
function diffRecordRefs(diff: TrialRecord['state_diff']): Map<object, DiffRecordRef> {
  const refs = new Map<object, DiffRecordRef>();
  for (const collection of Object.keys(diff ?? {})) {
    const changes = diff![collection]!;
    for (const id of Object.keys(changes)) {
      const { before, after } = changes[id]!;
      if (after !== null) refs.set(after, [collection, id, 'after']);
      if (before !== null && !refs.has(before)) refs.set(before, [collection, id, 'before']);
    }
  }
  return refs;
}

/** The events with a reference in place of each result that is a record of the diff; the same list when there is none. */
function eventsToStore(
  events: TrialRecord['events'],
  refs: ReadonlyMap<object, DiffRecordRef>,
): readonly object[] {
  if (refs.size === 0) return events;
  let stored: object[] | undefined;
  for (let index = 0; index < events.length; index++) {
    const event = events[index]!;
    if (event.kind !== 'tool_result') continue;
    const ref = typeof event.result === 'object' ? refs.get(event.result!) : undefined;
    if (ref === undefined) continue;
    (stored ??= [...events])[index] = replaceKey(event, 'result', RESULT_REF, ref);
  }
  return stored ?? events;
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
  if (eventsJson?.includes(`"${RESULT_REF}"`) === true) {
    for (let index = 0; index < events.length; index++) {
      const event = events[index] as unknown as Record<string, unknown>;
      if (Object.hasOwn(event, RESULT_REF)) {
        events[index] = withResult(event, record.trial_id, record.state_diff);
      }
    }
  }
  return { ...record, record_version: TRIAL_RECORD_VERSION, events };
}

/** A stored tool result with its reference replaced by the diff's record, in the same place. */
function withResult(
  event: Record<string, unknown>,
  trialId: string,
  diff: TrialRecord['state_diff'],
): TrialRecord['events'][number] {
  const [collection, id, side] = event[RESULT_REF] as DiffRecordRef;
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
