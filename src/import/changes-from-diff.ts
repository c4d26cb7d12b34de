import type { JsonObject } from '../core/index.js';
import { isJsonObject, jsonEqual } from '../core/index.js';
import type { Change } from '../schema/index.js';
import type { StateDiff } from '../state/index.js';

/** A key that can stand as one segment of a `collection/id/field` path. */
const PATH_SEGMENT = /^[^/\s]+$/;

/**
 * The expected changes that describe a diff exactly: a `set` for every
 * leaf that changed (objects are descended, arrays and scalars compared
 * whole), an `insert` matching every new record in full, a `delete` for
 * every removed one. Together with `unchanged: everything-else` they
 * accept sT and nothing else.
 */
export function changesFromDiff(diff: StateDiff): Change[] {
  const changes: Change[] = [];
  for (const [collection, records] of Object.entries(diff)) {
    for (const [id, { before, after }] of Object.entries(records)) {
      if (before === null) {
        if (after !== null) changes.push({ insert: collection, match: after, count: 1 });
      } else if (after === null) {
        changes.push({ delete: `${collection}/${id}` });
      } else if (PATH_SEGMENT.test(collection) && PATH_SEGMENT.test(id)) {
        setsOf(`${collection}/${id}`, before, after, changes);
      }
    }
  }
  return changes;
}

function setsOf(path: string, before: JsonObject, after: JsonObject, changes: Change[]): void {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  for (const key of keys) {
    const was = before[key];
    const now = after[key];
    if (jsonEqual(was, now)) continue;
    if (now === undefined || !PATH_SEGMENT.test(key)) {
      // A removed field, or one no path can name: set the whole record's parent field set instead.
      changes.push({ set: path, to: after });
      return;
    }
    if (isJsonObject(was) && isJsonObject(now)) setsOf(`${path}/${key}`, was, now, changes);
    else changes.push({ set: `${path}/${key}`, to: now });
  }
}
