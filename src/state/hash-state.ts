import { canonicalJson, sha256Hex } from '../core/index.js';
import type { StateRecord, StateSnapshot } from './types.js';

const MODULUS = 1n << 256n;

/**
 * sha256 of one record's canonical JSON triple `[collection, id, record]`,
 * as a 256-bit integer.
 */
export function hashRecord(collection: string, id: string, record: StateRecord): bigint {
  return BigInt(`0x${sha256Hex(canonicalJson([collection, id, record]))}`);
}

export function addHash(total: bigint, part: bigint): bigint {
  return (total + part) % MODULUS;
}

export function subtractHash(total: bigint, part: bigint): bigint {
  return (total - part + MODULUS) % MODULUS;
}

export function formatHash(total: bigint): string {
  return total.toString(16).padStart(64, '0');
}

/**
 * The state hash: the sum, modulo 2^256, of the sha256 of every record's
 * canonical JSON triple `[collection, id, record]`, as 64 hex digits.
 *
 * A sum of record hashes (not a hash of the whole document) lets a working
 * copy update its hash in time proportional to what changed, so resets and
 * final-state hashes cost the same whatever the fixture's size. Key order
 * never matters; array order inside records does; empty collections do not
 * count.
 */
export function hashState(state: StateSnapshot): string {
  let total = 0n;
  for (const [collection, records] of Object.entries(state)) {
    for (const [id, record] of Object.entries(records)) {
      total = addHash(total, hashRecord(collection, id, record));
    }
  }
  return formatHash(total);
}
