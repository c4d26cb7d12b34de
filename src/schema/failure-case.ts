import { z } from 'zod';
import { CheckSchema, ExitReasonSchema, TerminalReasonSchema } from './trial-record.js';

/**
 * A failed trial saved as a regression case (`--save-failures DIR`): its
 * steps go to `<case>.trajectory.json` (the replay agent's format), its
 * verdict to `<case>.verdict.json`, and `index.json` lists every case.
 */

/** How closely a replay of the saved steps reproduces the trial. */
export const CaseReplaySchema = z.object({
  /** False when the trial ended in a way a replay cannot repeat (a timeout, a token or cost budget, an agent error). */
  reproduces_exit: z.boolean(),
  /** What the replay adds to the recorded steps or cannot repeat; null when the steps are the agent's own. */
  note: z.string().nullable(),
});

/** What the failed trial was judged, and where it came from. */
export const FailureVerdictSchema = z.object({
  task_id: z.string(),
  task_revision: z.number().int(),
  attempt: z.number().int().positive(),
  rerun: z.number().int().nonnegative(),
  seed: z.number().int().nonnegative(),
  run_id: z.string(),
  trial_id: z.string(),
  suite_hash: z.string(),
  system_hash: z.string(),
  grader_version: z.string(),
  success: z.boolean(),
  exit_reason: ExitReasonSchema,
  terminal_reason: TerminalReasonSchema,
  /** Every check that failed, with its message and evidence. */
  failed_checks: z.array(CheckSchema),
  final_answer: z.string().nullable(),
  error: z.string().nullable(),
  replay: CaseReplaySchema,
});
export type FailureVerdict = z.infer<typeof FailureVerdictSchema>;

export const FailureCaseEntrySchema = z.object({
  /** `<task id>--a<attempt>`: the stem of the case's two files. */
  case: z.string(),
  task_id: z.string(),
  attempt: z.number().int().positive(),
  trajectory: z.string(),
  verdict: z.string(),
  /** Whether `trajectories.json` holds this case (one case per task: its first failed attempt). */
  merged: z.boolean(),
  exit_reason: ExitReasonSchema,
  failed_checks: z.array(z.string()),
  reproduces_exit: z.boolean(),
});

/** `DIR/index.json`: what the folder holds and how to replay it. */
export const FailureCaseIndexSchema = z.object({
  about: z.string(),
  run_id: z.string(),
  run_seed: z.number().int().nonnegative(),
  suite: z.object({ name: z.string(), path: z.string(), hash: z.string() }),
  system_hash: z.string(),
  grader_version: z.string(),
  /** The merged trajectory file, for `--agent replay --trajectory`. */
  trajectories: z.string(),
  cases: z.array(FailureCaseEntrySchema),
});
export type FailureCaseIndex = z.infer<typeof FailureCaseIndexSchema>;
