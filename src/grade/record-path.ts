/** `collection/id/field/sub` split into its parts. */
export interface RecordPath {
  readonly collection: string;
  readonly id: string;
  readonly field: readonly string[];
}

export function parseRecordPath(path: string): RecordPath {
  const [collection = '', id = '', ...field] = path.split('/');
  return { collection, id, field };
}

export function valueAtField(record: unknown, field: readonly string[]): unknown {
  let value = record;
  for (const key of field) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}
