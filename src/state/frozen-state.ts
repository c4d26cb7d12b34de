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
}

/** Copies and freezes a snapshot; the caller's object is left alone. */
export function freezeState(snapshot: StateSnapshot): FrozenState {
  const frozen = deepFreeze(cloneJson<StateSnapshot>(snapshot));
  let total = 0n;
  let recordCount = 0;
  for (const [collection, records] of Object.entries(frozen)) {
    for (const [id, record] of Object.entries(records)) {
      total = addHash(total, hashRecord(collection, id, record));
      recordCount++;
    }
  }
  return { snapshot: frozen, hash: formatHash(total), hashValue: total, recordCount };
}
