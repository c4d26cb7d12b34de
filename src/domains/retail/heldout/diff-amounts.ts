import type { JsonValue } from '../../../core/index.js';
import { isJsonObject, jsonEqual } from '../../../core/index.js';
import type { StateDiff } from '../../../state/index.js';
import type { HeldoutMapping } from './heldout-mapping.js';

/** Above this many changed amounts, only the amounts themselves are paired, not their sums. */
const MAX_SUMMED = 12;

/** Numbers that changed between `was` and `now` (a new array entry counts as changed), beside the renamed ones. */
function changedNumbers(
  was: JsonValue | undefined,
  now: JsonValue | undefined,
  renamed: JsonValue | undefined,
  mapping: HeldoutMapping,
  pairs: [number, number][],
): void {
  if (jsonEqual(was ?? null, now ?? null)) return;
  if (typeof now === 'number' && typeof renamed === 'number') {
    pairs.push([now, renamed]);
    return;
  }
  if (Array.isArray(now) && Array.isArray(renamed)) {
    const before = Array.isArray(was) ? was : [];
    now.forEach((item, index) =>
      changedNumbers(before[index], item, renamed[index], mapping, pairs),
    );
    return;
  }
  if (isJsonObject(now) && isJsonObject(renamed)) {
    const before = isJsonObject(was) ? was : {};
    for (const [key, item] of Object.entries(now))
      changedNumbers(before[key], item, renamed[mapping.atoms.get(key) ?? key], mapping, pairs);
  }
}

/**
 * Adds to `amounts` the amounts a path's writes produced, old → new: each
 * number the original replay changed (a refund, a price difference, a gift
 * card's new balance) paired with the number at the same place of the
 * renamed replay, and every sum of them ("how much do I get back in all").
 * Amounts already known keep their value; a sum reached two ways with
 * different new values is left out.
 */
export function addDiffAmounts(
  original: StateDiff,
  renamed: StateDiff,
  mapping: HeldoutMapping,
  amounts: Map<number, number>,
): void {
  const pairs: [number, number][] = [];
  for (const [collection, records] of Object.entries(original)) {
    for (const [id, change] of Object.entries(records)) {
      const other = renamed[collection]?.[mapping.atoms.get(id) ?? id];
      changedNumbers(change.before, change.after, other?.after ?? undefined, mapping, pairs);
    }
  }
  const sums = new Map<number, number | null>();
  const count = pairs.length <= MAX_SUMMED ? pairs.length : 0;
  for (let mask = 1; mask < 1 << count; mask++) {
    let from = 0;
    let to = 0;
    pairs.forEach(([old, now], index) => {
      if ((mask & (1 << index)) === 0) return;
      from += old;
      to += now;
    });
    const key = Math.round(from * 100) / 100;
    const value = Math.round(to * 100) / 100;
    const earlier = sums.get(key);
    sums.set(key, earlier === undefined || earlier === value ? value : null);
  }
  for (const [from, to] of pairs) if (!sums.has(from)) sums.set(from, to);
  for (const [from, to] of sums) {
    if (to === null || amounts.has(from)) continue;
    amounts.set(from, to);
    if (!amounts.has(Math.abs(from))) amounts.set(Math.abs(from), Math.abs(to));
  }
}
