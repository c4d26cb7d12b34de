import { z } from 'zod';

/**
 * One line of a labels file for `endstate judge validate`: an item (a
 * trial, a final answer) with the label people gave it and the label the
 * judge gave it. Labels are free strings (`pass`, `fail`, `unsure` ...).
 * `task_id` names the task the item belongs to: items of one task are
 * correlated, so the intervals count tasks; an item without one is its
 * own task.
 */
export const JudgeLabelSchema = z.strictObject({
  id: z.string().min(1),
  task_id: z.string().min(1).optional(),
  human: z.string().min(1),
  judge: z.string().min(1),
});
export type JudgeLabel = z.infer<typeof JudgeLabelSchema>;
