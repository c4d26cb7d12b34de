import { getOwn, setOwn } from '../core/index.js';
import type { StateDiff, StateRecord, StateSnapshot } from '../state/index.js';

/** Read access to sT given s0 and the diff, without materialising the whole state. */
export interface FinalStateView {
  get(collection: string, id: string): StateRecord | undefined;
  /** Collection → records as a list (built on first access, then cached). */
  readonly lists: Readonly<Record<string, readonly StateRecord[]>>;
  /** Collection → id → record (built on first access, then cached). */
  readonly byId: Readonly<Record<string, Readonly<Record<string, StateRecord>>>>;
}

export function createFinalStateView(s0: StateSnapshot, diff: StateDiff): FinalStateView {
  return new FinalState(s0, diff);
}

/**
 * A class, its lazy views getters on the prototype: getters on each object
 * would give each trial's view a hidden class of its own, kept in the old
 * generation, and through it the trial's objects would outlive
 * young-generation collections.
 */
class FinalState implements FinalStateView {
  #lists: Record<string, readonly StateRecord[]> | undefined;
  #byId: Record<string, Readonly<Record<string, StateRecord>>> | undefined;

  constructor(
    private readonly s0: StateSnapshot,
    private readonly diff: StateDiff,
  ) {}

  // Own properties only: a path such as `constructor/name` names no record.
  get(collection: string, id: string): StateRecord | undefined {
    const change = getOwn(getOwn(this.diff, collection), id);
    if (change !== undefined) return change.after ?? undefined;
    return getOwn(getOwn(this.s0, collection), id);
  }

  // Only CEL assertions read whole collections: these views are built on first use.
  get lists(): Readonly<Record<string, readonly StateRecord[]>> {
    return (this.#lists ??= orEmpty(
      lazyRecord(this.collections(), (collection) => Object.values(this.recordsOf(collection))),
      () => [],
    ));
  }

  get byId(): Readonly<Record<string, Readonly<Record<string, StateRecord>>>> {
    return (this.#byId ??= orEmpty(
      lazyRecord(this.collections(), (collection) => this.recordsOf(collection)),
      () => ({}),
    ));
  }

  private collections(): string[] {
    return [...new Set([...Object.keys(this.s0), ...Object.keys(this.diff)])];
  }

  private recordsOf(collection: string): Record<string, StateRecord> {
    const records: Record<string, StateRecord> = {};
    const changes = getOwn(this.diff, collection);
    for (const [id, record] of Object.entries(getOwn(this.s0, collection) ?? {})) {
      const change = getOwn(changes, id);
      if (change === undefined) setOwn(records, id, record);
      else if (change.after !== null) setOwn(records, id, change.after);
    }
    for (const [id, change] of Object.entries(changes ?? {})) {
      if (change.before === null && change.after !== null) setOwn(records, id, change.after);
    }
    return records;
  }
}

/** s0 seen the same way as sT, for CEL: collection → list of records. */
export function lazyLists(state: StateSnapshot): Record<string, readonly StateRecord[]> {
  return orEmpty(
    lazyRecord(Object.keys(state), (collection) => Object.values(getOwn(state, collection) ?? {})),
    () => [],
  );
}

/** s0 for CEL: collection → id → record. */
export function byIdView(state: StateSnapshot): StateSnapshot {
  return orEmpty({ ...state }, () => ({}));
}

/**
 * A collection that exists in neither state reads as empty, so that
 * `sT.refunds.size() == 0` holds when nothing was ever refunded.
 */
function orEmpty<T>(target: Record<string, T>, empty: () => T): Record<string, T> {
  return new Proxy(target, {
    get: (object, key) =>
      typeof key !== 'string' || key in object
        ? (object as Record<string | symbol, T>)[key]
        : empty(),
    has: (object, key) => typeof key === 'string' || key in object,
    getOwnPropertyDescriptor: (object, key) =>
      Object.getOwnPropertyDescriptor(object, key) ??
      (typeof key === 'string'
        ? { value: empty(), enumerable: true, configurable: true }
        : undefined),
  });
}

function lazyRecord<T>(keys: readonly string[], build: (key: string) => T): Record<string, T> {
  const target: Record<string, T> = {};
  for (const key of keys) {
    let cached: T | undefined;
    Object.defineProperty(target, key, { enumerable: true, get: () => (cached ??= build(key)) });
  }
  return target;
}
