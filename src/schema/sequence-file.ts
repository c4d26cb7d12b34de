import { z } from 'zod';

const Identifier = z
  .string()
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._-]*$/,
    'use letters, digits, ".", "_" or "-" (no spaces, no "@")',
  );

/** One episode of a sequence: the task it plays, its session and the environment version. */
export const SequenceEpisodeSchema = z.strictObject({
  /** The id of a task of the suite. */
  task: Identifier,
  /** `new` (default): a new conversation; `same`: the previous episode's conversation goes on. */
  session: z.enum(['new', 'same']).default('new'),
  /** The environment version this episode runs on; default: the previous episode's (the first: the base). */
  version: z.string().min(1).optional(),
});

/**
 * A sequence file (`sequences/<id>.yaml`): episodes played in one trial,
 * the environment state carried from each to the next (drift, memory).
 * See docs/task-format.md, "Sequences".
 */
export const SequenceFileSchema = z.strictObject({
  id: Identifier,
  description: z.string().optional(),
  labels: z
    .record(z.string(), z.union([z.string(), z.number(), z.boolean()]).transform(String))
    .default({}),
  episodes: z.array(SequenceEpisodeSchema).min(1),
});
export type SequenceFile = z.infer<typeof SequenceFileSchema>;
