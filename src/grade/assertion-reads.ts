import type { JsonValue } from '../core/index.js';
import { setOwn } from '../core/index.js';
import type { CheckRead } from '../schema/index.js';
import type { StateSnapshot } from '../state/index.js';
import { celTree, evaluateCel } from './cel-assertion.js';
import type { FinalStateView } from './state-view.js';

/** Parts of one assertion read back at most; list elements and object keys kept per value. */
const LIMITS = { reads: 6, items: 5, keys: 20, depth: 5, chars: 200 } as const;

const COMPARISONS = new Set(['==', '!=', '<', '<=', '>', '>=', 'in']);

interface Node {
  readonly op: string;
  readonly args: unknown;
  readonly start?: number;
  readonly end?: number;
  readonly meta?: { readonly alternate?: { readonly op?: string } };
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && 'op' in value && 'args' in value;

/** A literal (`1`, `"refunded"`, `[1, 2]`) reads nothing from the state: not worth showing. */
function isLiteral(node: Node): boolean {
  if (node.op === 'value') return true;
  if (node.op === 'list' && Array.isArray(node.args))
    return node.args.every((arg) => isNode(arg) && isLiteral(arg));
  return false;
}

/**
 * The values a false assertion read, for its failed check: each operand of
 * a comparison that is false (`sT.refunds.size()` of `sT.refunds.size() ==
 * 1`), through `&&`, `||` and `!`; for `all(x, p)`, the elements where `p`
 * fails; for `exists(x, p)` and `exists_one(x, p)`, the list searched and
 * the elements where `p` holds. Literals are left out; each value is cut
 * to a few elements. Each part is evaluated on its own, under the same read
 * budget per evaluation as the assertion; a part that cannot be evaluated
 * is left out.
 */
export function readAssertionValues(
  expression: string,
  s0: StateSnapshot,
  sT: FinalStateView,
): CheckRead[] {
  const root = celTree(expression);
  if (!isNode(root)) return [];
  const reads: CheckRead[] = [];
  const source = (node: Node): string | undefined =>
    typeof node.start === 'number' && typeof node.end === 'number'
      ? expression.slice(node.start, node.end)
      : undefined;
  const read = (text: string): void => {
    if (reads.length >= LIMITS.reads || reads.some((r) => r.expression === text)) return;
    const result = evaluateCel(text, s0, sT);
    if (result.type === 'value') reads.push({ expression: text, value: toJson(result.value, 0) });
  };
  const isFalse = (node: Node): boolean => {
    const text = source(node);
    if (text === undefined) return true;
    const result = evaluateCel(text, s0, sT);
    return result.type !== 'value' || result.value !== true;
  };
  const visit = (node: Node): void => {
    if (reads.length >= LIMITS.reads) return;
    const args = Array.isArray(node.args) ? (node.args as unknown[]) : [node.args];
    if (node.op === '&&' || node.op === '||' || node.op === '!_') {
      // Under `&&` only the false side made it false; under `||` and `!` every side counts.
      for (const arg of args) if (isNode(arg) && (node.op !== '&&' || isFalse(arg))) visit(arg);
      return;
    }
    if (COMPARISONS.has(node.op)) {
      for (const arg of args) {
        const text = isNode(arg) && !isLiteral(arg) ? source(arg) : undefined;
        if (text !== undefined) read(text);
      }
      return;
    }
    if (node.op === 'rcall' && node.meta?.alternate?.op === 'comprehension') {
      const [name, receiver, macroArgs] = args as [unknown, unknown, unknown];
      const [variable, body] = Array.isArray(macroArgs) ? (macroArgs as unknown[]) : [];
      const list = isNode(receiver) ? source(receiver) : undefined;
      const bound = isNode(variable) ? source(variable) : undefined;
      const predicate = isNode(body) ? source(body) : undefined;
      if (list === undefined || bound === undefined || predicate === undefined) return;
      if (name === 'all') read(`${list}.filter(${bound}, !(${predicate}))`);
      if (name === 'exists') read(list);
      if (name === 'exists_one') read(`${list}.filter(${bound}, ${predicate})`);
    }
  };
  visit(root);
  return reads;
}

/**
 * A CEL value as JSON, cut to a few elements and keys: ints (bigint) become
 * numbers (strings past 2^53), maps objects, bytes their length.
 */
function toJson(value: unknown, depth: number): JsonValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint')
    return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'string')
    return value.length <= LIMITS.chars ? value : `${value.slice(0, LIMITS.chars)}…`;
  if (typeof value === 'boolean') return value;
  if (value instanceof Uint8Array) return `bytes (${value.length})`;
  if (depth >= LIMITS.depth) return '…';
  if (Array.isArray(value) || value instanceof Set) {
    const items = [...(value as Iterable<unknown>)];
    const kept = items.slice(0, LIMITS.items).map((item) => toJson(item, depth + 1));
    if (items.length > LIMITS.items) kept.push(`… ${items.length} in all`);
    return kept;
  }
  // CEL gives no functions or symbols; name one rather than guess its shape.
  if (typeof value !== 'object') return typeof value;
  const entries =
    value instanceof Map
      ? [...(value as Map<unknown, unknown>).entries()].map(([k, v]) => [String(k), v] as const)
      : Object.entries(value);
  const object: Record<string, JsonValue> = {};
  for (const [key, item] of entries.slice(0, LIMITS.keys))
    setOwn(object, key, toJson(item, depth + 1));
  if (entries.length > LIMITS.keys) setOwn(object, '…', `${entries.length} keys in all`);
  return object;
}
