/** `collection/id/field/sub` split into its parts. */
export interface RecordPath {
  readonly collection: string;
  readonly id: string;
  readonly field: readonly string[];
}

const parsed = new Map<string, RecordPath>();

/** Paths repeat across trials of a task: each is split once. */
export function parseRecordPath(path: string): RecordPath {
  let result = parsed.get(path);
  if (result === undefined) {
    const [collection = '', id = '', ...field] = path.split('/');
    result = Object.freeze({ collection, id, field: Object.freeze(field) });
    if (parsed.size < 100_000) parsed.set(path, result);
  }
  return result;
}

/** The value at a field path; own properties only ("constructor" is not a field of every record). */
export function valueAtField(record: unknown, field: readonly string[]): unknown {
  let value = record;
  for (const key of field) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}
