import { getOwn, jsonEqual, setOwn } from '../core/index.js';
import type { RecordChange, StateDiff, StateSnapshot } from './types.js';

/**
 * The whole difference between two states: every record added, removed or
 * changed, as `{ collection: { id: { before, after } } }` with `null` for an
 * absent record. Collections and ids come out sorted.
 */
export function diffStates(before: StateSnapshot, after: StateSnapshot): StateDiff {
  const diff: Record<string, Record<string, RecordChange>> = {};
  const collections = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const collection of [...collections].sort()) {
    const beforeRecords = getOwn(before, collection) ?? {};
    const afterRecords = getOwn(after, collection) ?? {};
    const ids = new Set([...Object.keys(beforeRecords), ...Object.keys(afterRecords)]);
    for (const id of [...ids].sort()) {
      const beforeRecord = getOwn(beforeRecords, id) ?? null;
      const afterRecord = getOwn(afterRecords, id) ?? null;
      if (jsonEqual(beforeRecord, afterRecord)) continue;
      const records = getOwn(diff, collection) ?? setOwn(diff, collection, {});
      setOwn(records, id, { before: beforeRecord, after: afterRecord });
    }
  }
  return diff;
}
