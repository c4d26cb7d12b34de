import type { JsonValue } from '../core/index.js';
import { jsonEqual } from '../core/index.js';

/**
 * Every key of `pattern` equals the value's (JSON equality); nested objects
 * match partially too, so `{ order_id: '8842' }` matches any record or
 * argument list with that order id.
 */
export function matchesPartially(value: unknown, pattern: JsonValue): boolean {
  if (typeof pattern === 'object' && pattern !== null && !Array.isArray(pattern)) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
    return Object.entries(pattern).every(([key, expected]) =>
      matchesPartially(
        Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined,
        expected,
      ),
    );
  }
  return jsonEqual(value, pattern);
}
