import { getOwn, jsonEqual } from './json.js';

/** The first place two JSON values differ, and what each holds there (`undefined`: absent). */
export interface JsonDifference {
  readonly path: readonly (string | number)[];
  readonly first: unknown;
  readonly second: unknown;
}

/**
 * Where two JSON values first differ, walking keys in sorted order and
 * arrays by index; undefined when they are equal (as `jsonEqual` says:
 * key order never matters, a key holding undefined counts as absent).
 *
 * @example findJsonDifference({ id: 'O-1' }, { id: 'O-2' }) // { path: ['id'], first: 'O-1', second: 'O-2' }
 */
export function findJsonDifference(first: unknown, second: unknown): JsonDifference | undefined {
  if (jsonEqual(first, second)) return undefined;
  const path: (string | number)[] = [];
  let a = first;
  let b = second;
  // Descend while both sides are containers of one kind: the difference is inside.
  for (;;) {
    const next = differingChild(a, b);
    if (next === undefined) return { path, first: a, second: b };
    path.push(next);
    a = (a as Record<string | number, unknown>)[next];
    b = (b as Record<string | number, unknown>)[next];
  }
}

/** The first key or index whose values differ, when a and b are both arrays or both objects. */
function differingChild(a: unknown, b: unknown): string | number | undefined {
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return undefined;
  if (Array.isArray(a) !== Array.isArray(b)) return undefined;
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let index = 0; index < Math.max(a.length, b.length); index++) {
      if (!jsonEqual(a[index], b[index])) return index;
    }
    return undefined;
  }
  const aRecord = a as Record<string, unknown>;
  const bRecord = b as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(aRecord), ...Object.keys(bRecord)])].sort();
  return keys.find((key) => !jsonEqual(getOwn(aRecord, key), getOwn(bRecord, key)));
}
