import type { TrialRecord } from '../../schema/index.js';

/** One record's change in a trial's state diff: its fields before and after (null: absent). */
export type RecordChange = NonNullable<TrialRecord['state_diff']>[string][string];

/** A field the record did not have on one side of the change. */
export const ABSENT = Symbol('absent');

/** One leaf field of a changed record, by path (`items[0].quantity`). */
export interface FieldChange {
  readonly path: string;
  readonly before: unknown;
  readonly after: unknown;
  readonly changed: boolean;
}

/** A changed record of the diff, keyed `collection/id`. */
export interface ChangedRecord {
  readonly key: string;
  readonly kind: 'inserted' | 'deleted' | 'updated';
  readonly change: RecordChange;
}

/** Leaves of a JSON value by path (`items[0].quantity`); empty objects and arrays are leaves. */
function flatten(value: unknown, path: string, out: Map<string, unknown>): Map<string, unknown> {
  if (value !== null && typeof value === 'object') {
    const entries: [string, unknown][] = Array.isArray(value)
      ? value.map((item, index) => [`${path}[${index}]`, item])
      : Object.entries(value).map(([key, item]) => [path === '' ? key : `${path}.${key}`, item]);
    if (entries.length === 0) out.set(path, value);
    for (const [key, item] of entries) flatten(item, key, out);
  } else {
    out.set(path, value);
  }
  return out;
}

/** Every leaf field of a record change, before and after, with whether it changed. */
export function fieldChanges(change: RecordChange): FieldChange[] {
  const before =
    change.before === null ? new Map<string, unknown>() : flatten(change.before, '', new Map());
  const after =
    change.after === null ? new Map<string, unknown>() : flatten(change.after, '', new Map());
  const paths = [...new Set([...before.keys(), ...after.keys()])];
  return paths.map((path) => {
    const was = before.has(path) ? before.get(path) : ABSENT;
    const is = after.has(path) ? after.get(path) : ABSENT;
    const changed =
      was === ABSENT || is === ABSENT ? was !== is : JSON.stringify(was) !== JSON.stringify(is);
    return { path, before: was, after: is, changed };
  });
}

/** The records a state diff changed, collection by collection, each as inserted, deleted or updated. */
export function changedRecords(diff: NonNullable<TrialRecord['state_diff']>): ChangedRecord[] {
  return Object.entries(diff).flatMap(([collection, byId]) =>
    Object.entries(byId).map(([id, change]) => ({
      key: `${collection}/${id}`,
      kind:
        change.before === null
          ? ('inserted' as const)
          : change.after === null
            ? ('deleted' as const)
            : ('updated' as const),
      change,
    })),
  );
}
