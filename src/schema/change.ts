import { z } from 'zod';
import { JsonObjectSchema, JsonValueSchema } from './json-value.js';

const RecordPath = z
  .string()
  .regex(/^[^/\s]+\/[^/\s]+(\/[^/\s]+)*$/, 'write it as collection/id or collection/id/field');

/** One expected change of the state: a field set, a record inserted, a record deleted. */
export const ChangeSchema = z.union([
  z.strictObject({ set: RecordPath, to: JsonValueSchema }),
  z.strictObject({
    insert: z.string().min(1),
    match: JsonObjectSchema.default({}),
    count: z.number().int().nonnegative().optional(),
  }),
  z.strictObject({ delete: RecordPath }),
]);

export type Change = z.infer<typeof ChangeSchema>;
