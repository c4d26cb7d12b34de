import { z } from 'zod';

const Share = z.number().min(0).max(1).nullable();
const Kappa = z.number().min(-1).max(1).nullable();

/**
 * One validation of a judge on record: one line of
 * `judge-validations.jsonl` beside the store, written by `endstate judge
 * validate --record`. It holds for one judge model and one rubric (its
 * hash, see `rubricHash`): a report marks the judge of a run validated only
 * when a line names both. Agreement figures as `judge validate --json`
 * gives them; null where a figure has no value.
 */
export const JudgeValidationSchema = z.strictObject({
  /** When it was recorded (ISO 8601). */
  recorded_at: z.string(),
  /** The judge model, `provider:id`. */
  model: z.string().min(1),
  /** The rubric's hash: the rubric, pass_score and the judge's instructions. */
  rubric_hash: z.string().regex(/^[0-9a-f]{64}$/, 'expected a sha256 hex digest'),
  /** The task whose rubric it is, for people reading the file. */
  task_id: z.string().min(1),
  /** The labels file, as given. */
  labels_file: z.string(),
  items: z.number().int().positive(),
  /** The tasks the items came from: the clusters of the intervals (absent in older lines). */
  tasks: z.number().int().positive().optional(),
  accuracy: z.strictObject({ rate: Share, ci95: z.tuple([Share, Share]) }),
  kappa: z.strictObject({ value: Kappa, ci95: z.tuple([Kappa, Kappa]) }),
});
export type JudgeValidation = z.infer<typeof JudgeValidationSchema>;
