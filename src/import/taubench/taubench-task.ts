import { z } from 'zod';
import { JsonObjectSchema } from '../../schema/index.js';

/** One task of tau-bench's converted task files (`tasks_<split>.json`, a list in upstream order). */
export const TaubenchTaskSchema = z.object({
  user_id: z.string(),
  instruction: z.string(),
  actions: z.array(z.object({ name: z.string(), kwargs: JsonObjectSchema })),
  outputs: z.array(z.string()).default([]),
});
export type TaubenchTask = z.infer<typeof TaubenchTaskSchema>;

export const TAUBENCH_SPLITS = ['test', 'train', 'dev'] as const;
export type TaubenchSplit = (typeof TAUBENCH_SPLITS)[number];

/** `test-007`, `train-123`: the split and the upstream index, zero-padded to three digits. */
export function taubenchTaskId(split: TaubenchSplit, index: number): string {
  return `${split}-${String(index).padStart(3, '0')}`;
}

/** tau-bench's retail tools that identify the user (authentication). */
export const AUTHENTICATION_TOOLS = ['find_user_id_by_email', 'find_user_id_by_name_zip'] as const;
