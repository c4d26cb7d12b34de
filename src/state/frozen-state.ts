import { cloneJson, deepFreeze } from '../core/index.js';
import { addHash, formatHash, hashRecord } from './hash-state.js';
import type { StateRecord, StateSnapshot } from './types.js';

const NO_IDS: readonly string[] = Object.freeze([]);

/** An immutable s0: deep-frozen records with their state hash computed once. */
export interface FrozenState {
  readonly snapshot: StateSnapshot;
  readonly hash: string;
  /** The hash as a number, so working copies can update it incrementally. */
  readonly hashValue: bigint;
  readonly recordCount: number;
  /** The hash of each s0 record, so a trial never rehashes what it did not change. */
  recordHash(collection: string, id: string): bigint | undefined;
  /** An s0 record by id (a Map lookup: faster than the frozen object's). */
  record(collection: string, id: string): StateRecord | undefined;
  /** s0's ids of a collection, in order (one shared frozen array). */
  ids(collection: string): readonly string[];
}

/** Copies and freezes a snapshot; the caller's object is left alone. */
export function freezeState(snapshot: StateSnapshot): FrozenState {
  const frozen = deepFreeze(cloneJson<StateSnapshot>(snapshot));
  let total = 0n;
  let recordCount = 0;
  const hashes = new Map<string, Map<string, bigint>>();
  const records = new Map<string, Map<string, StateRecord>>();
  const ids = new Map<string, readonly string[]>();
  for (const [collection, byIdObject] of Object.entries(frozen)) {
    const hashById = new Map<string, bigint>();
    hashes.set(collection, hashById);
    records.set(collection, new Map(Object.entries(byIdObject)));
    ids.set(collection, Object.freeze(Object.keys(byIdObject)));
    for (const [id, record] of Object.entries(byIdObject)) {
      const recordHash = hashRecord(collection, id, record);
      hashById.set(id, recordHash);
      total = addHash(total, recordHash);
      recordCount++;
    }
  }
  return {
    snapshot: frozen,
    hash: formatHash(total),
    hashValue: total,
    recordCount,
    recordHash: (collection, id) => hashes.get(collection)?.get(id),
    record: (collection, id) => records.get(collection)?.get(id),
    ids: (collection) => ids.get(collection) ?? NO_IDS,
  };
}
