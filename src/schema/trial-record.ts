import { z } from 'zod';
import { TrialEventSchema } from './event.js';
import { JsonObjectSchema, JsonValueSchema } from './json-value.js';

export const EXIT_REASONS = [
  'finished',
  'max_steps',
  'timeout',
  'token_limit',
  'cost_limit',
  'loop_detected',
  'user_stop',
  'agent_error',
  'provider_error',
  'tool_crash',
  'harness_crash',
] as const;

/** Exits after which the agent's work is judged on its merits (the rest are failures or invalid). */
export const NORMAL_EXIT_REASONS: readonly (typeof EXIT_REASONS)[number][] = [
  'finished',
  'user_stop',
];

/**
 * Predeclared: agent failures count against the system; environment and
 * grader failures make a trial invalid (rerun per policy, always reported).
 */
export const TERMINAL_REASONS = [
  'success',
  'agent_failure',
  'harness_incompatibility',
  'environment_failure',
  'grader_failure',
] as const;

export const ExitReasonSchema = z.enum(EXIT_REASONS);
export const TerminalReasonSchema = z.enum(TERMINAL_REASONS);
export type ExitReason = z.infer<typeof ExitReasonSchema>;
export type TerminalReason = z.infer<typeof TerminalReasonSchema>;

/** One value a failed assertion read: a part of its expression and what it evaluated to. */
export const CheckReadSchema = z.object({ expression: z.string(), value: JsonValueSchema });
export type CheckRead = z.infer<typeof CheckReadSchema>;

/** One check of a grader, with the evidence it rests on. */
export const CheckSchema = z.object({
  /** Where the check comes from in the task file, e.g. `expect.changes[0]`, `constraints[2]`. */
  id: z.string(),
  kind: z.string(),
  pass: z.boolean(),
  message: z.string(),
  evidence: JsonValueSchema,
  /**
   * What a failed check compared, when it compares values (absent on passing
   * checks and on records written before these fields existed): the state
   * path or subject it looked at, the value it expected and the value it found.
   */
  path: z.string().optional(),
  expected: JsonValueSchema.optional(),
  actual: JsonValueSchema.optional(),
  /** A failed CEL assertion: its expression, and the values of the parts that made it false. */
  expression: z.string().optional(),
  read: z.array(CheckReadSchema).optional(),
});
export type Check = z.infer<typeof CheckSchema>;

/** A grader's own verdict before the harness records it: its checks, and what they add up to. */
export const GraderOutputSchema = z.object({
  pass: z.boolean(),
  checks: z.array(CheckSchema),
  /** 0..1 for graders that measure degree (partial credit, precision); absent otherwise. */
  score: z.number().min(0).max(1).nullable().optional(),
  /** What the grader rests its verdict on beyond its checks. */
  evidence: JsonValueSchema.optional(),
});
export type GraderOutput = z.infer<typeof GraderOutputSchema>;

/**
 * How a grader's verdict enters success, declared by the grader:
 * `gate` (G: the end state and what the agent said), `constraint` (C_j: a
 * process rule), `diagnostic` (reported, never part of success).
 */
export const GRADER_ROLES = ['gate', 'constraint', 'diagnostic'] as const;
export const GraderRoleSchema = z.enum(GRADER_ROLES);
export type GraderRole = z.infer<typeof GraderRoleSchema>;

/** One grader's verdict on one trial, as the trial record keeps it under the grader's id. */
export const GradeSchema = z.object({
  /** The grader's version: a change that could alter a verdict bumps it. */
  version: z.string().min(1),
  role: GraderRoleSchema,
  pass: z.boolean(),
  score: z.number().min(0).max(1).nullable(),
  checks: z.array(CheckSchema),
  evidence: JsonValueSchema,
  /** Why the grader could not give a verdict (the trial is then a grader failure); null when it did. */
  error: z.string().nullable(),
});
export type Grade = z.infer<typeof GradeSchema>;

export const RecordChangeSchema = z.object({
  before: JsonObjectSchema.nullable(),
  after: JsonObjectSchema.nullable(),
});
export const StateDiffSchema = z.record(z.string(), z.record(z.string(), RecordChangeSchema));

export const UsageSchema = z.object({
  steps: z.number().int().nonnegative(),
  tool_calls: z.number().int().nonnegative(),
  model_calls: z.number().int().nonnegative(),
  input_tokens: z.number().int().nonnegative(),
  output_tokens: z.number().int().nonnegative(),
  cached_input_tokens: z.number().int().nonnegative(),
  /** Null when a model call was not priced: unknown (its tokens are still counted above). */
  cost_usd: z.number().nonnegative().nullable(),
  /** Wall-clock time of the trial, waits included. */
  latency_ms: z.number().nonnegative(),
  /** Time spent waiting on providers before retries (rate limits, server errors). */
  wait_ms: z.number().nonnegative(),
  retries: z.number().int().nonnegative(),
  /** The simulated user's model calls: not the system under test, so apart from its budget and cost. */
  user_model_calls: z.number().int().nonnegative().default(0),
  user_cost_usd: z.number().nonnegative().nullable().default(0),
  /** Model-based graders' cost (the judge): not the system under test, so apart from its cost. */
  grader_cost_usd: z.number().nonnegative().nullable().default(0),
});

/**
 * 3: costs may be null (a model no pricing table priced: unknown, tokens
 * still counted). 2: the graders' verdicts under `grades` (1 had fixed
 * `outcome`, `constraints` and `response` fields).
 */
export const TRIAL_RECORD_VERSION = 3;

/** On a trial of a derived task: the task it was made from and how (the task's `variant`). */
export const RecordVariantSchema = z.object({
  base: z.string(),
  perturbation: z.string(),
});

/**
 * On an episode of a sequence (its record's `task_id` is `<sequence id>@<episode>`):
 * which sequence, which episode (1..n), the task file it plays, whether
 * the agent kept its conversation from the previous episode (`same`) or
 * started a new session (`new`), and the environment version it ran on
 * (null when the environment has no versions).
 */
export const RecordSequenceSchema = z.object({
  id: z.string(),
  episode: z.number().int().positive(),
  /** The id of the task file this episode plays. */
  task: z.string(),
  session: z.enum(['same', 'new']),
  version: z.string().nullable(),
});
export type RecordSequence = z.infer<typeof RecordSequenceSchema>;

/** What the store keeps of one trial; every aggregate derives from these. */
export const TrialRecordSchema = z.object({
  record_version: z.literal(TRIAL_RECORD_VERSION),
  trial_id: z.string(),
  run_id: z.string(),
  task_id: z.string(),
  task_revision: z.number().int(),
  labels: z.record(z.string(), z.string()),
  /** Present when the task is a variant of another (robustness, contamination). */
  variant: RecordVariantSchema.optional(),
  /** Present when the trial is one episode of a sequence (drift, memory). */
  sequence: RecordSequenceSchema.optional(),
  suite_hash: z.string(),
  system_hash: z.string(),
  /** 1..k: which of the task's k trials this is. */
  attempt: z.number().int().positive(),
  /** 0 for the first try; n for the n-th rerun after an invalid try. */
  rerun: z.number().int().nonnegative(),
  seed: z.number().int().nonnegative(),
  initial_state_hash: z.string().nullable(),
  final_state_hash: z.string().nullable(),
  state_diff: StateDiffSchema.nullable(),
  events: z.array(TrialEventSchema),
  final_answer: z.string().nullable(),
  exit_reason: ExitReasonSchema,
  terminal_reason: TerminalReasonSchema,
  /**
   * Each grader that applied to the task, under its id, in the order they
   * graded; success is `successOf(grades)` unless the trial was not graded.
   */
  grades: z.record(z.string(), GradeSchema),
  /** Y = G · Π C_j over `grades`, false when the trial was not graded or a grader failed. */
  success: z.boolean(),
  /** Weighted sub-goals met (0..1) when the task declares them (the `partial` grader); beside success, never instead. */
  partial_score: z.number().min(0).max(1).nullable(),
  valid: z.boolean(),
  /** What went wrong when the trial is invalid or the agent errored. */
  error: z.string().nullable(),
  /** Where it went wrong, when a tool or the harness itself crashed: the thrown error's stack. */
  error_stack: z.string().optional(),
  usage: UsageSchema,
  started_at: z.string(),
});
export type TrialRecord = z.infer<typeof TrialRecordSchema>;
