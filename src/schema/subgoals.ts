import { z } from 'zod';
import { ChangeSchema } from './change.js';
import { JsonObjectSchema } from './json-value.js';

/**
 * The `subgoals` section of a task file: weighted, observable requirements
 * that give a trial partial credit, Σ weight·pass / Σ weight. Reported
 * beside the binary success, never in its place. See docs/task-format.md,
 * Partial credit.
 */

const name = z.string().min(1);
const weight = z
  .number()
  .positive('give a weight above 0 (a sub-goal worth nothing need not be listed)')
  .max(1_000_000)
  .default(1);

export const SubgoalSchema = z.union([
  /** A successful call of this tool (with arguments that include `args`). */
  z.strictObject({
    name,
    weight,
    called: z.strictObject({ tool: z.string().min(1), args: JsonObjectSchema.optional() }),
  }),
  /** An expected change, as in `expect.changes` (`set`, `insert` or `delete`). */
  z.strictObject({ name, weight, change: ChangeSchema }),
  /** A fact said to the user, matched as `expect.communicate` matches. */
  z.strictObject({ name, weight, said: z.string().min(1) }),
  /** A CEL predicate over s0 and sT, as in `expect.assert`. */
  z.strictObject({ name, weight, assert: z.string().min(1) }),
]);

export type Subgoal = z.infer<typeof SubgoalSchema>;
