/** Where a value stops being JSON, and what is there. */
export interface NonJsonPlace {
  /** Keys and indexes from the root, e.g. `['items', 0, 'price']`. */
  readonly path: readonly (string | number)[];
  /** What is there, e.g. `NaN`, `a function`, `a circular reference`. */
  readonly found: string;
}

/** Past this depth a walk looks for cycles (cheaper than tracking ancestors on every write). */
const CYCLE_CHECK_DEPTH = 200;

/**
 * The first place a runtime value is not JSON: a number JSON cannot hold
 * (NaN, Infinity), `undefined`, a function, a symbol, a BigInt, a circular
 * reference or an object that is not a plain object or array (a Date, a
 * Map). Tool results and state writes are checked with it, so a broken
 * environment is named where it wrote the value, not where a hash or a
 * store later chokes on it. (Task files have their own check, with advice
 * about YAML: `task/find-non-json.ts`.)
 *
 * @example findNonJsonValue({ total: NaN }) // { path: ['total'], found: 'NaN' }
 */
export function findNonJsonValue(value: unknown): NonJsonPlace | undefined {
  let found = walk(value, 0, undefined);
  // Deep enough to be a cycle: walk again, tracking ancestors, to find where it closes.
  if (found === TOO_DEEP) found = walk(value, 0, new Set());
  return found === undefined || found === TOO_DEEP
    ? undefined
    : { path: found.path.reverse(), found: found.found };
}

interface Found {
  path: (string | number)[];
  found: string;
}

const TOO_DEEP = Symbol('too deep');
type WalkResult = Found | typeof TOO_DEEP | undefined;

function walk(value: unknown, depth: number, ancestors: Set<object> | undefined): WalkResult {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return undefined;
    case 'number':
      return Number.isFinite(value) ? undefined : { path: [], found: String(value) };
    case 'undefined':
      return { path: [], found: 'undefined' };
    case 'bigint':
      return { path: [], found: `the BigInt ${value}n` };
    case 'function':
      return { path: [], found: 'a function' };
    case 'symbol':
      return { path: [], found: 'a symbol' };
  }
  if (value === null) return undefined;
  const object = value as object;
  if (ancestors === undefined && depth >= CYCLE_CHECK_DEPTH) return TOO_DEEP;
  if (ancestors?.has(object) === true) return { path: [], found: 'a circular reference' };
  ancestors?.add(object);
  const result = Array.isArray(object)
    ? walkArray(object, depth, ancestors)
    : walkObject(object, depth, ancestors);
  ancestors?.delete(object);
  return result;
}

function walkArray(
  array: readonly unknown[],
  depth: number,
  ancestors: Set<object> | undefined,
): WalkResult {
  for (let index = 0; index < array.length; index++) {
    // A hole reads as undefined, as it should: JSON has none.
    const found = walk(array[index], depth + 1, ancestors);
    if (found !== undefined) {
      if (found !== TOO_DEEP) found.path.push(index);
      return found;
    }
  }
  return undefined;
}

function walkObject(object: object, depth: number, ancestors: Set<object> | undefined): WalkResult {
  const prototype: unknown = Object.getPrototypeOf(object);
  if (prototype !== Object.prototype && prototype !== null) {
    const kind = (object as { constructor?: { name?: unknown } }).constructor?.name;
    return { path: [], found: `a ${typeof kind === 'string' ? kind : 'non-plain object'}` };
  }
  for (const key of Object.keys(object)) {
    const found = walk((object as Record<string, unknown>)[key], depth + 1, ancestors);
    if (found !== undefined) {
      if (found !== TOO_DEEP) found.path.push(key);
      return found;
    }
  }
  return undefined;
}

/** A path as `a.b[0].c` (a key that is not an identifier is quoted: `["x y"]`). */
export function formatValuePath(path: readonly (string | number)[]): string {
  let text = '';
  for (const part of path) {
    if (typeof part === 'number') text += `[${String(part)}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(part)) text += text === '' ? part : `.${part}`;
    else text += `[${JSON.stringify(part)}]`;
  }
  return text;
}
