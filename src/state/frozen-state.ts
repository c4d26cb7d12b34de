import { cloneJson, deepFreeze } from '../core/index.js';
import { addHash, formatHash, hashRecord } from './hash-state.js';
import type { StateSnapshot } from './types.js';

/** An immutable s0: deep-frozen records with their state hash computed once. */
export interface FrozenState {
  readonly snapshot: StateSnapshot;
  readonly hash: string;
  /** The hash as a number, so working copies can update it incrementally. */
  readonly hashValue: bigint;
  readonly recordCount: number;
  /** The hash of each s0 record, so a trial never rehashes what it did not change. */
  recordHash(collection: string, id: string): bigint | undefined;
}

/** Copies and freezes a snapshot; the caller's object is left alone. */
export function freezeState(snapshot: StateSnapshot): FrozenState {
  const frozen = deepFreeze(cloneJson<StateSnapshot>(snapshot));
  let total = 0n;
  let recordCount = 0;
  const hashes = new Map<string, Map<string, bigint>>();
  for (const [collection, records] of Object.entries(frozen)) {
    const byId = new Map<string, bigint>();
    hashes.set(collection, byId);
    for (const [id, record] of Object.entries(records)) {
      const recordHash = hashRecord(collection, id, record);
      byId.set(id, recordHash);
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
  };
}
