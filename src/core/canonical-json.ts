import canonicalize from 'canonicalize';
import { createHash } from 'node:crypto';
import { EndstateError } from './errors.js';

/**
 * Canonical JSON (RFC 8785): object keys sorted, no whitespace, numbers in
 * their shortest round-trip form. Key order never matters; array order does.
 * The same bytes come out of any RFC 8785 implementation, so hashes can be
 * recomputed from other languages.
 */
export function canonicalJson(value: unknown): string {
  const text = canonicalize(value);
  if (text === undefined) {
    throw new EndstateError('E_INTERNAL', 'canonicalJson was given a value with no JSON form');
  }
  return text;
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** sha256 of the canonical JSON of a value, as lowercase hex. */
export function hashJson(value: unknown): string {
  return sha256Hex(canonicalJson(value));
}
