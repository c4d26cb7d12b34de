import type { JsonObject, JsonValue, Rng } from '../core/index.js';

/**
 * One plausible slip in one argument: a number off by one, the last digit
 * of an id changed (8842 → 8843, AF125 → AF126), a typo, a flag flipped,
 * a list item dropped. Returns null when nothing can be perturbed.
 */
export function perturbArgs(args: JsonObject, rng: Rng): JsonObject | null {
  const keys = Object.keys(args).filter((key) => perturbValue(args[key]!, rng.fork(key)) !== null);
  if (keys.length === 0) return null;
  const key = rng.pick(keys);
  return { ...args, [key]: perturbValue(args[key]!, rng)! };
}

function perturbValue(value: JsonValue, rng: Rng): JsonValue | null {
  if (typeof value === 'number') return value + 1;
  if (typeof value === 'boolean') return !value;
  if (typeof value === 'string') {
    const last = value.at(-1);
    if (last === undefined) return null;
    if (/\d/.test(last)) return `${value.slice(0, -1)}${(Number(last) + 1) % 10}`;
    return `${value.slice(0, -1)}${last === 'x' ? 'y' : 'x'}`;
  }
  if (Array.isArray(value)) return value.length === 0 ? null : value.slice(0, -1);
  if (value !== null) return perturbArgs(value, rng);
  return null;
}
