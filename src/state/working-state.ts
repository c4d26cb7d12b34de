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
 * The state a trial works on, as tools receive it in `context.state`:
 * named collections of records (JSON objects) keyed by string ids. Reads
 * fall through to the frozen s0, writes go to an overlay. Reset drops the
 * overlay, so its cost does not depend on the fixture's size; so do
 * `diff()` and `hash()`, which visit only what changed.
 *
 * Records handed out are frozen: change them with `update` or `put`. Every
 * call's arguments are checked: a wrong call (an object where `update`
 * takes a function, a number as an id, a misspelt collection) throws an
 * `E_STATE_MISUSE` error that names the call and shows the one that works;
 * like any throw from a tool it ends the trial as a `tool_crash`.
 *
 * @example
 * const order = state.get('orders', order_id);
 * if (!order) return toolError('not_found', `no order ${order_id}`);
 * state.update('orders', order_id, (draft) => { draft.status = 'refunded'; });
 * state.insert('refunds', state.nextId('refunds', 'RF'), { order_id, amount_cents: 4299 });
 */
export interface WorkingState {
  /**
   * Reads one record.
   *
   * @param collection - the collection's name, e.g. `'orders'`
   * @param id - the record's id, always a string
   * @returns the record (frozen), or undefined when there is none
   * @example
   * const order = state.get('orders', '8842'); // { status: 'delivered', ... } | undefined
   */
  get(collection: string, id: string): StateRecord | undefined;
  /**
   * Whether a record exists.
   *
   * @example
   * if (!state.has('orders', order_id)) return toolError('not_found', `no order ${order_id}`);
   */
  has(collection: string, id: string): boolean;
  /**
   * A collection's ids in a stable order: s0's order, then inserts in the
   * order they happened. Empty for a collection that does not exist.
   *
   * @example
   * state.ids('orders'); // ['8842', '8843']
   */
  ids(collection: string): readonly string[];
  /**
   * Every record of a collection, in `ids` order. It takes no filter:
   * filter the array.
   *
   * @example
   * const open = state.list('tickets').filter((ticket) => ticket.status === 'open');
   */
  list(collection: string): StateRecord[];
  /**
   * Every `[id, record]` pair of a collection, in `ids` order.
   *
   * @example
   * for (const [id, order] of state.entries('orders')) if (order.customer === 'ana') found.push(id);
   */
  entries(collection: string): [string, StateRecord][];
  /**
   * How many records a collection has.
   *
   * @example
   * state.count('refunds'); // 0 before any refund
   */
  count(collection: string): number;
  /**
   * Whether anything was written to the collection since s0 (an index
   * built over s0 stays exact until then).
   *
   * @example
   * const index = state.isTouched('users') ? undefined : usersByEmail;
   */
  isTouched(collection: string): boolean;
  /**
   * Every collection s0 declared or a write created, empty ones included.
   *
   * @example
   * state.collections(); // ['orders', 'refunds']
   */
  collections(): string[];
  /**
   * Adds a record under a new id (the record is copied and frozen).
   *
   * @param record - a JSON object
   * @throws EndstateError `E_STATE_MISUSE` when the id exists (use `nextId` for a fresh one,
   *   or `put` to replace); `E_STATE_NOT_JSON` when the record holds a value JSON cannot
   *   (NaN, undefined, a Date, a function...)
   * @example
   * state.insert('refunds', state.nextId('refunds', 'RF'), { order_id: '8842', amount_cents: 4299 });
   */
  insert(collection: string, id: string, record: StateRecord): void;
  /**
   * Adds or replaces a whole record.
   *
   * @throws EndstateError `E_STATE_NOT_JSON` when the record holds a value JSON cannot
   * @example
   * state.put('carts', user_id, { items: [], updated_at: clock.iso });
   */
  put(collection: string, id: string, record: StateRecord): void;
  /**
   * Changes an existing record. `change` receives a mutable copy (the
   * draft): change it and return nothing, or return a new record. To set
   * fields, pass a function, never the fields themselves.
   *
   * @param change - `(draft) => void` or `(draft) => newRecord`
   * @returns the record as written (frozen)
   * @throws EndstateError `E_STATE_MISUSE` when the record does not exist (check `has`
   *   first), when `change` is not a function, or when it returns something other than a
   *   record or nothing
   * @example
   * state.update('orders', '8842', (order) => { order.status = 'refunded'; });
   * state.update('tickets', id, (ticket) => ({ ...ticket, status: 'closed' }));
   */
  update(
    collection: string,
    id: string,
    change: (draft: StateRecord) => StateRecord | void,
  ): StateRecord;
  /**
   * Removes a record.
   *
   * @throws EndstateError `E_STATE_MISUSE` when the record does not exist
   * @example
   * state.delete('carts', user_id);
   */
  delete(collection: string, id: string): void;
  /**
   * A fresh id, deterministic: `${prefix}${n}` with n one past the
   * collection's size (or higher, until the id is free).
   *
   * @param prefix - put before the number (default none)
   * @example
   * state.nextId('refunds', 'RF'); // 'RF1' when refunds is empty
   */
  nextId(collection: string, prefix?: string): string;
  /**
   * The records that differ from s0, `{ collection: { id: { before, after } } }`
   * with `null` for an absent record (O(changes)).
   *
   * @example
   * state.diff(); // { orders: { '8842': { before: {...}, after: {...} } } }
   */
  diff(): StateDiff;
  /**
   * The state hash of the current state (O(changes)); equals
   * `hashState(snapshot())`.
   *
   * @example
   * state.hash() === state.base.hash; // true while nothing changed
   */
  hash(): string;
  /**
   * The whole current state, collection → id → record (O(size)).
   *
   * @example
   * const everything = state.snapshot();
   */
  snapshot(): StateSnapshot;
  /**
   * Back to s0: drops every write. The harness resets before each trial;
   * tools never need it.
   *
   * @example
   * state.reset();
   */
  reset(): void;
  /** s0, frozen, with its hash. */
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
