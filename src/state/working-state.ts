import {
  EndstateError,
  cloneJson,
  deepFreeze,
  findNonJsonValue,
  formatValuePath,
  setOwn,
} from '../core/index.js';
import type { FrozenState } from './frozen-state.js';
import { guardStateCalls } from './guard-state-calls.js';
import { formatArgument } from './state-call-text.js';
import { addHash, formatHash, hashRecord, subtractHash } from './hash-state.js';
import type { RecordChange, StateDiff, StateRecord, StateSnapshot } from './types.js';

const DELETED = Symbol('deleted');
type Slot = StateRecord | typeof DELETED;
/** A record that differs from s0: where, what, and its hashes before and after (none when absent). */
type Change = [
  collection: string,
  id: string,
  change: RecordChange,
  beforeHash: bigint | undefined,
  afterHash: bigint | undefined,
];

/**
 * The state a trial works on: reads fall through to the frozen s0, writes go
 * to an overlay. Reset drops the overlay, so its cost does not depend on the
 * fixture's size; so do `diff()` and `hash()`, which visit only what changed.
 * Records handed out are frozen: change them with `update` or `put`.
 */
export interface WorkingState {
  get(collection: string, id: string): StateRecord | undefined;
  has(collection: string, id: string): boolean;
  /** Ids in a stable order: s0's order, then inserts in the order they happened. */
  ids(collection: string): readonly string[];
  list(collection: string): StateRecord[];
  entries(collection: string): [string, StateRecord][];
  count(collection: string): number;
  /** Whether anything was written to the collection since s0 (indexes over s0 stay exact until then). */
  isTouched(collection: string): boolean;
  /** Every collection s0 declared or a write created, empty ones included. */
  collections(): string[];
  /** Adds a record; fails if the id exists. */
  insert(collection: string, id: string, record: StateRecord): void;
  /** Adds or replaces a record. */
  put(collection: string, id: string, record: StateRecord): void;
  /** Changes a copy of the record in place (or returns a replacement); fails if absent. */
  update(
    collection: string,
    id: string,
    change: (draft: StateRecord) => StateRecord | void,
  ): StateRecord;
  delete(collection: string, id: string): void;
  /** A fresh id `${prefix}${n}` with n one past the collection's size (deterministic). */
  nextId(collection: string, prefix?: string): string;
  /** The records that differ from s0 (O(changes)). */
  diff(): StateDiff;
  /** The state hash of the current state (O(changes)); equals `hashState(snapshot())`. */
  hash(): string;
  /** The whole current state (O(size)). */
  snapshot(): StateSnapshot;
  /** Back to s0. */
  reset(): void;
  readonly base: FrozenState;
}

export function createWorkingState(base: FrozenState): WorkingState {
  let overlay = new Map<string, Map<string, Slot>>();

  const baseRecord = (collection: string, id: string): StateRecord | undefined =>
    base.record(collection, id);

  const get = (collection: string, id: string): StateRecord | undefined => {
    const written = overlay.get(collection)?.get(id);
    if (written === DELETED) return undefined;
    return written ?? base.record(collection, id);
  };

  // diff() and hash() share the list of changes until the next write.
  let cachedChanges: Change[] | undefined;

  const write = (collection: string, id: string, value: Slot): void => {
    cachedChanges = undefined;
    let records = overlay.get(collection);
    if (records === undefined) overlay.set(collection, (records = new Map<string, Slot>()));
    records.set(id, value);
  };

  /** Ids in order; s0's own array (no copy) while nothing was inserted or deleted. */
  const ids = (collection: string): readonly string[] => {
    const baseIds = base.ids(collection);
    const written = overlay.get(collection);
    if (written === undefined) return baseIds;
    let reshaped = false;
    for (const [id, value] of written) {
      if (value === DELETED || base.record(collection, id) === undefined) reshaped = true;
    }
    if (!reshaped) return baseIds;
    const result = baseIds.filter((id) => written.get(id) !== DELETED);
    for (const [id, value] of written) {
      if (value !== DELETED && base.record(collection, id) === undefined) result.push(id);
    }
    return result;
  };

  /** Refuses a record JSON cannot hold, naming the first bad field: it would break the state hash later. */
  const checked = (collection: string, id: string, record: StateRecord): StateRecord => {
    const found = findNonJsonValue(record);
    if (found === undefined) return record;
    const field = formatValuePath(found.path);
    const where = `${collection}/${id}${field === '' || field.startsWith('[') ? '' : '.'}${field}`;
    throw new EndstateError(
      'E_STATE_NOT_JSON',
      `cannot write ${where}: it is ${found.found}, which JSON cannot hold`,
      { details: { collection, id, path: found.path, found: found.found } },
    );
  };

  const missing = (collection: string, id: string, action: string): EndstateError => {
    const [c, i] = [formatArgument(collection), formatArgument(id)];
    const where = `state.${action}(${c}, ${i}${action === 'update' ? ', change' : ''})`;
    const known = state.collections().sort();
    const problem = known.includes(collection)
      ? `there is no record ${collection}/${id}`
      : `there is no collection '${collection}' (collections: ${known.join(', ') || 'none'})`;
    return new EndstateError('E_STATE_MISUSE', `${where}: ${problem}`, {
      hint: `Check state.has(${c}, ${i}) first, and return toolError('not_found', …) to the agent when it is false.`,
      details: { method: action, collection, id },
    });
  };

  /**
   * The records that differ from s0, each with its new record's hash. A
   * record written back as it was in s0 hashes as it did there: no change
   * (the hash is needed for the state hash anyway, and comparing two
   * numbers spares walking both records).
   */
  const changes = (): Change[] => {
    if (cachedChanges !== undefined) return cachedChanges;
    const result: Change[] = [];
    for (const collection of [...overlay.keys()].sort()) {
      const records = overlay.get(collection)!;
      for (const id of [...records.keys()].sort()) {
        const value = records.get(id)!;
        const before = baseRecord(collection, id) ?? null;
        const after = value === DELETED ? null : value;
        const beforeHash = before === null ? undefined : base.recordHash(collection, id);
        const afterHash = after === null ? undefined : hashRecord(collection, id, after);
        if (before === null ? after === null : afterHash === beforeHash) continue;
        result.push([collection, id, { before, after }, beforeHash, afterHash]);
      }
    }
    cachedChanges = result;
    return result;
  };

  const state: WorkingState = {
    base,
    get,
    has: (collection, id) => get(collection, id) !== undefined,
    ids,
    list: (collection) => ids(collection).map((id) => get(collection, id)!),
    entries: (collection) => ids(collection).map((id) => [id, get(collection, id)!]),
    count: (collection) => ids(collection).length,
    isTouched: (collection) => overlay.has(collection),
    collections: () => [...new Set([...Object.keys(base.snapshot), ...overlay.keys()])],
    insert(collection, id, record) {
      if (get(collection, id) !== undefined) {
        const [c, i] = [formatArgument(collection), formatArgument(id)];
        throw new EndstateError(
          'E_STATE_MISUSE',
          `state.insert(${c}, ${i}, record): the id exists`,
          {
            hint: `Call state.insert(${c}, state.nextId(${c}), record) for a fresh id, or state.put(${c}, ${i}, record) to replace the record.`,
            details: { method: 'insert', collection, id },
          },
        );
      }
      write(collection, id, deepFreeze(cloneJson(checked(collection, id, record))));
    },
    put(collection, id, record) {
      write(collection, id, deepFreeze(cloneJson(checked(collection, id, record))));
    },
    update(collection, id, change) {
      const current = get(collection, id);
      if (current === undefined) throw missing(collection, id, 'update');
      const draft = cloneJson(current);
      const next = deepFreeze(checked(collection, id, change(draft) ?? draft));
      write(collection, id, next);
      return next;
    },
    delete(collection, id) {
      if (get(collection, id) === undefined) throw missing(collection, id, 'delete');
      write(collection, id, DELETED);
    },
    nextId(collection, prefix = '') {
      let n = state.count(collection) + 1;
      while (get(collection, `${prefix}${n}`) !== undefined) n++;
      return `${prefix}${n}`;
    },
    diff() {
      const diff: Record<string, Record<string, RecordChange>> = {};
      for (const [collection, id, change] of changes()) {
        const records = Object.hasOwn(diff, collection)
          ? diff[collection]!
          : setOwn(diff, collection, {});
        setOwn(records, id, change);
      }
      return diff;
    },
    hash() {
      let total = base.hashValue;
      for (const [, , , beforeHash, afterHash] of changes()) {
        if (beforeHash !== undefined) total = subtractHash(total, beforeHash);
        if (afterHash !== undefined) total = addHash(total, afterHash);
      }
      return formatHash(total);
    },
    snapshot() {
      const result: Record<string, Record<string, StateRecord>> = {};
      for (const collection of state.collections()) {
        const records: Record<string, StateRecord> = {};
        for (const [id, record] of state.entries(collection)) setOwn(records, id, record);
        setOwn(result, collection, records);
      }
      return result;
    },
    reset() {
      overlay = new Map();
      cachedChanges = undefined;
    },
  };
  return guardStateCalls(state);
}
