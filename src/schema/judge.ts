import { z } from 'zod';

/**
 * A task's `judge` section: a rubric a judge model grades the trial
 * against (`--judge provider:id`). The judge is one more gate: it can fail
 * a trial the hard checks passed, never pass one they failed.
 */
export const JudgeSpecSchema = z.strictObject({
  /** What a good trial does, in plain words: the judge's only yardstick. */
  rubric: z.string().trim().min(1, 'write the rubric: what a passing trial does, in plain words'),
  /**
   * The score (0..1) a passing verdict needs too: a `pass` with a lower
   * score fails. Without it the model's verdict alone decides.
   */
  pass_score: z
    .number()
    .min(0, 'expected a score from 0 to 1')
    .max(1, 'expected a score from 0 to 1')
    .optional(),
  /**
   * Show the judge the agent's tool calls and their results too (default
   * false: the judge sees the conversation as the user saw it).
   */
  show_tool_calls: z.boolean().default(false),
});
export type JudgeSpec = z.infer<typeof JudgeSpecSchema>;

/** The verdict a judge model must reply with, as one JSON object. */
export const JudgeVerdictSchema = z.strictObject({
  verdict: z.enum(['pass', 'fail']),
  score: z.number().min(0).max(1),
  reasons: z.array(z.string()),
});
export type JudgeVerdict = z.infer<typeof JudgeVerdictSchema>;
