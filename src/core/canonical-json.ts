import { hash } from 'node:crypto';
import { EndstateError } from './errors.js';
import { quoteKey } from './quote-key.js';

/**
 * Canonical JSON (RFC 8785): object keys sorted by UTF-16 code units, no
 * whitespace, numbers and strings as ECMAScript's JSON.stringify writes
 * them. Key order never matters; array order does. Any RFC 8785
 * implementation gives the same bytes, so hashes can be recomputed from
 * other languages. Written by hand because state hashing is on every
 * trial's path: it is about 2.5 times faster than the general library,
 * which a property test checks it against.
 */
export function canonicalJson(value: unknown): string {
  const text = write(value);
  if (text === undefined) {
    throw new EndstateError('E_INTERNAL', 'canonicalJson was given a value with no JSON form');
  }
  return text;
}

function write(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) {
      throw new EndstateError('E_INTERNAL', `canonical JSON has no form for the number ${value}`);
    }
    return JSON.stringify(value);
  }
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function')
    return write((value as { toJSON(): unknown }).toJSON());
  if (Array.isArray(value)) {
    let out = '[';
    for (let index = 0; index < value.length; index++) {
      if (index > 0) out += ',';
      out += write(value[index]) ?? 'null';
    }
    return `${out}]`;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  sortKeys(keys);
  let out = '{';
  let first = true;
  for (const key of keys) {
    const text = write(record[key]);
    if (text === undefined) continue;
    if (!first) out += ',';
    first = false;
    out += `${quoteKey(key)}:${text}`;
  }
  return `${out}}`;
}

/**
 * Sorts in place by UTF-16 code units, as RFC 8785 asks. Insertion sort:
 * records have a handful of keys, and Array.prototype.sort allocates a
 * working copy on every call, which shows in the garbage of a fast run.
 */
function sortKeys(keys: string[]): void {
  if (keys.length > 32) {
    keys.sort();
    return;
  }
  for (let index = 1; index < keys.length; index++) {
    const key = keys[index]!;
    let position = index - 1;
    while (position >= 0 && keys[position]! > key) {
      keys[position + 1] = keys[position]!;
      position--;
    }
    keys[position + 1] = key;
  }
}

/** sha256 of a string's UTF-8 bytes, as lowercase hex (the one-shot digest: no Hash object per call). */
export function sha256Hex(text: string): string {
  return hash('sha256', text, 'hex');
}

/** sha256 of the canonical JSON of a value, as lowercase hex. */
export function hashJson(value: unknown): string {
  return sha256Hex(canonicalJson(value));
}
