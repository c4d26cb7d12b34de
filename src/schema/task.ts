import { z } from 'zod';
import { BOUNDS, describeRange } from '../core/index.js';
import type { NumericRange } from '../core/index.js';
import { ChangeSchema } from './change.js';
import { ClaimsSchema } from './claims.js';
import { FaultSchema, InjectionSchema } from './fault.js';
import { JudgeSpecSchema } from './judge.js';
import { JsonObjectSchema, JsonValueSchema } from './json-value.js';
import { MustNotSaySchema } from './must-not-say.js';
import { TrajectorySpecSchema } from './trajectory-spec.js';
import { PlanSpecSchema } from './plan.js';
import { SubgoalSchema } from './subgoals.js';

/**
 * The task file format (YAML or JSON). Field names are the file's own
 * (snake_case). See docs/task-format.md for the reference.
 */

/** A task's id; a derived task's may add `~` and the kind of change (`dev-000~heldout`). */
const TaskIdentifier = z
  .string()
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._-]*(~[A-Za-z0-9._-]+)*$/,
    'use letters, digits, ".", "_" or "-" (no spaces), and "~" only before a variant\'s suffix',
  );

const ToolName = z.string().min(1);

/** One step of a path: a tool call or a message to the user. */
export const StepSchema = z.union([
  z.strictObject({ tool: ToolName, args: JsonObjectSchema.default({}) }),
  z.strictObject({ say: z.string() }),
]);

/** A tool call the user makes themselves (through the dispatcher, marked as the user's). */
export const TakeOverSchema = z.strictObject({
  tool: ToolName,
  args: JsonObjectSchema.default({}),
});

/** A call of one of the user's own tools (dual control: the user acts on their side of the world). */
const UserToolCallSchema = z.strictObject({
  tool: ToolName,
  args: JsonObjectSchema.default({}),
});

export const ScriptRuleSchema = z.union([
  z.strictObject({ when: z.string(), say: z.string(), assist: z.literal('hint').optional() }),
  z.strictObject({ when: z.string(), take_over: TakeOverSchema, say: z.string().optional() }),
  z.strictObject({ when: z.string(), user_tool: UserToolCallSchema, say: z.string().optional() }),
  z.strictObject({ when: z.string(), stop: z.literal(true) }),
]);

/** What a scripted user takes as "the task is done": a completion report or an offer of more help. */
export const DEFAULT_STOP_WHEN = String.raw`(^|\W)(done|all set|is complete|has been completed|anything else)(\W|$)`;

export const UserSpecSchema = z.strictObject({
  /** The user's first message. */
  instruction: z.string().min(1),
  /** Replies to the agent: the first rule whose `when` (a regex, case-insensitive) matches wins. */
  script: z.array(ScriptRuleSchema).default([]),
  /** Reply when no rule matches; without it the user stops talking. */
  default: z.string().optional(),
  /**
   * The user leaves once the agent reports the task done (when no rule
   * matched first): a case-insensitive regex; `null` never leaves this way.
   */
  stop_when: z.string().nullable().default(DEFAULT_STOP_WHEN),
  /** For simulated users: never shown to the agent. */
  scenario: z
    .strictObject({
      persona: z.string().optional(),
      hidden_goal: z.string(),
      knows: JsonObjectSchema.optional(),
    })
    .optional(),
});

/** Default and upper bound of `limits.tool_timeout_s`, in seconds. */
export const DEFAULT_TOOL_TIMEOUT_S = 30;

/** A number field held to its documented range (src/core/bounds.ts); the message names both ends. */
function ranged(range: NumericRange) {
  const message = `expected ${describeRange(range)} (${range.why})`;
  const base = range.integer ? z.number().int(message) : z.number();
  const low =
    range.minExclusive === true ? base.gt(range.min, message) : base.gte(range.min, message);
  return low.lte(range.max, message);
}

export const LimitsSchema = z
  .strictObject({
    max_steps: ranged(BOUNDS.maxSteps).default(BOUNDS.maxSteps.default),
    max_tokens: ranged(BOUNDS.maxTokens).optional(),
    timeout_s: ranged(BOUNDS.timeoutS).default(BOUNDS.timeoutS.default),
    /**
     * How long one tool call may run before it counts as a crash of the
     * environment (the trial ends, invalid). Below `timeout_s`, or a hung
     * tool would end the trial as the agent's timeout; when not given, 30 s
     * or half of `timeout_s`, whichever is less.
     */
    tool_timeout_s: ranged(BOUNDS.toolTimeoutS).optional(),
    max_cost_usd: ranged(BOUNDS.maxCostUsd).optional(),
    /** One message of the agent (to the user, its final answer, a note), in UTF-8 bytes. */
    max_message_bytes: ranged(BOUNDS.maxMessageBytes).default(BOUNDS.maxMessageBytes.default),
    /** One tool call's arguments, as JSON, in bytes. */
    max_tool_args_bytes: ranged(BOUNDS.maxToolArgsBytes).default(BOUNDS.maxToolArgsBytes.default),
    /** One stdout line of a command agent (and one MCP request body), in bytes. */
    max_line_bytes: ranged(BOUNDS.maxLineBytes).default(BOUNDS.maxLineBytes.default),
    /** Events recorded in one trial. */
    max_events: ranged(BOUNDS.maxEvents).default(BOUNDS.maxEvents.default),
    /** Notes the agent may add in one trial. */
    max_notes: ranged(BOUNDS.maxNotes).default(BOUNDS.maxNotes.default),
    /** Command and mcp agents in the sandbox: these override the run's (--agent-memory-mb ...). */
    memory_mb: ranged(BOUNDS.memoryMb).optional(),
    max_processes: ranged(BOUNDS.maxProcesses).optional(),
    file_size_mb: ranged(BOUNDS.fileSizeMb).optional(),
    tmp_mb: ranged(BOUNDS.tmpMb).optional(),
    cpu_s: ranged(BOUNDS.cpuS).optional(),
  })
  .superRefine((limits, context) => {
    if (limits.tool_timeout_s === undefined || limits.tool_timeout_s < limits.timeout_s) return;
    context.addIssue({
      code: 'custom',
      path: ['tool_timeout_s'],
      message: `must be below timeout_s (${limits.timeout_s} s), or a tool that hangs ends the trial as the agent's timeout: set tool_timeout_s lower (default ${DEFAULT_TOOL_TIMEOUT_S})`,
    });
  })
  .transform(({ tool_timeout_s: toolTimeout, ...limits }) => ({
    ...limits,
    tool_timeout_s: toolTimeout ?? Math.min(DEFAULT_TOOL_TIMEOUT_S, limits.timeout_s / 2),
  }));

const DEFAULT_LIMITS = {
  max_steps: BOUNDS.maxSteps.default,
  timeout_s: BOUNDS.timeoutS.default,
  tool_timeout_s: DEFAULT_TOOL_TIMEOUT_S,
  max_message_bytes: BOUNDS.maxMessageBytes.default,
  max_tool_args_bytes: BOUNDS.maxToolArgsBytes.default,
  max_line_bytes: BOUNDS.maxLineBytes.default,
  max_events: BOUNDS.maxEvents.default,
  max_notes: BOUNDS.maxNotes.default,
};

export const ExpectSchema = z.strictObject({
  changes: z.array(ChangeSchema).default([]),
  /** `everything-else`: any change not listed (or incidental) fails the outcome. */
  unchanged: z.enum(['everything-else', 'ignore']).default('everything-else'),
  /** Globs over `collection/id` or `collection/id/field` whose changes are allowed. */
  incidental: z.array(z.string()).default([]),
  /** CEL predicates over `s0` and `sT`. */
  assert: z.array(z.string()).default([]),
  /** Facts that must appear in the agent's messages to the user. */
  communicate: z.array(z.string()).default([]),
  /**
   * `token` (default): a fact matches as a whole token ("80" is not in "$180");
   * `substring`: tau-bench's rule, a case-insensitive substring once commas are removed.
   */
  communicate_match: z.enum(['token', 'substring']).default('token'),
});

const OneOrMoreTools = z.union([ToolName, z.array(ToolName).min(1)]);

export const ConstraintSchema = z.union([
  z.strictObject({ forbid: z.strictObject({ tool: ToolName }) }),
  z.strictObject({
    before: z.strictObject({
      /** The tool (or any of the tools) that needs the precondition. */
      tool: OneOrMoreTools,
      /** A successful call of this tool (or of any of these) must come first. */
      require: OneOrMoreTools,
      same_args: z.array(z.string()).default([]),
    }),
  }),
  /** `irreversible`: consent before irreversible calls; `write`: before every call that changes state. */
  z.strictObject({ consent: z.enum(['irreversible', 'write']) }),
  z.strictObject({ max_identical_calls: z.number().int().positive() }),
  /** Calls that change state may touch only this owner's records (tools declare whose records a call touches). */
  z.strictObject({ scope: z.strictObject({ owner: z.string().min(1) }) }),
]);

export const KnownBadSchema = z.strictObject({
  name: z.string().min(1),
  actions: z.array(StepSchema).min(1),
  /** The check expected to fail (its id, e.g. `expect.changes[0]`, or a prefix such as `constraints`). */
  fails: z.string().optional(),
});

/** Another path that solves the task: validation plays it and requires success, like the reference. */
export const KnownGoodSchema = z.strictObject({
  name: z.string().min(1),
  actions: z.array(StepSchema).min(1),
});

/** Largest task weight: a bound, so one task cannot silently swamp a suite. */
export const MAX_TASK_WEIGHT = 1000;

/**
 * A derived task: which task it was made from and how (written by
 * `endstate perturb`). Reports pair a variant with its base task.
 */
export const VariantSchema = z.strictObject({
  /** The id of the task this one was derived from. */
  base: TaskIdentifier,
  /** The kind of change, e.g. `paraphrase`, `typos`, `rename-entities`. */
  perturbation: z.string().regex(/^[a-z][a-z0-9-]*$/, 'use lowercase letters, digits and "-"'),
  /** What was changed, in a few words. */
  detail: z.string().optional(),
});

const ShownToolName = z
  .string()
  .regex(
    /^[a-zA-Z][a-zA-Z0-9_-]{0,63}$/,
    'use a letter, then letters, digits, "_" or "-" (64 at most)',
  );

/** A read-only decoy shown beside the environment's tools: it changes nothing and answers `result`. */
export const ExtraToolSchema = z.strictObject({
  name: ShownToolName,
  description: z.string().min(1),
  input_schema: JsonObjectSchema.default({ type: 'object', properties: {} }),
  /** What every call returns. */
  result: JsonValueSchema.default(null),
});

/**
 * How the agent is shown the tools (written by `endstate perturb`): their
 * order, names, descriptions and decoys. Calls and records keep the real
 * names, so graders and constraints are unaffected.
 */
export const ToolPresentSchema = z.strictObject({
  /** Tool names in the order shown; tools not listed follow in their own order. */
  order: z.array(ToolName).optional(),
  /** Real name → the name the agent sees (and calls). */
  rename: z.record(ToolName, ShownToolName).default({}),
  /** Real name → the description the agent sees. */
  describe: z.record(ToolName, z.string().min(1)).default({}),
  /** Decoy tools shown after the real ones. */
  extra: z.array(ExtraToolSchema).default([]),
});

/**
 * A tool call that sets up the task's s0 before the conversation, on the
 * agent's side (default) or the user's (dual control): one of that side's
 * tools or setup tools.
 */
const InitStepSchema = z.strictObject({
  side: z.enum(['agent', 'user']).default('agent'),
  tool: ToolName,
  args: JsonObjectSchema.default({}),
});

export const ToolAccessSchema = z.strictObject({
  allow: z.array(ToolName).optional(),
  deny: z.array(ToolName).default([]),
  /** How tools are shown to the agent (see docs/task-format.md, Variants). */
  present: ToolPresentSchema.optional(),
});

export const TaskFileSchema = z.strictObject({
  id: TaskIdentifier,
  revision: z.number().int().positive(),
  description: z.string().optional(),
  labels: z
    .record(z.string(), z.union([z.string(), z.number(), z.boolean()]).transform(String))
    .default({}),
  environment: z.string().min(1),
  fixture: z.string().optional(),
  /** Tool calls that set up s0 before the conversation, on either side (see docs/task-format.md). */
  init: z.array(InitStepSchema).optional(),
  clock: z.iso.datetime({ offset: true }),
  user: UserSpecSchema,
  limits: LimitsSchema.default(DEFAULT_LIMITS),
  tools: ToolAccessSchema.default({ deny: [] }),
  expect: ExpectSchema.default({
    changes: [],
    unchanged: 'everything-else',
    incidental: [],
    assert: [],
    communicate: [],
    communicate_match: 'token',
  }),
  constraints: z.array(ConstraintSchema).default([]),
  /** What the agent must never tell the user (see docs/task-format.md, Must not say). */
  must_not_say: MustNotSaySchema.default([]),
  /** Compare the agent's tool calls with a reference path (see docs/task-format.md, Trajectory match). */
  trajectory: TrajectorySpecSchema.optional(),
  reference: z.array(StepSchema).default([]),
  known_bad: z.array(KnownBadSchema).default([]),
  /** Other paths that solve the task: the outcome checks must accept more than the reference. */
  known_good: z.array(KnownGoodSchema).default([]),
  /** Set on a derived task: its base task and the perturbation (see docs/task-format.md, Variants). */
  variant: VariantSchema.optional(),
  /** How much the task counts in every suite-level mean (default 1). */
  weight: z
    .number()
    .positive('weight must be above 0')
    .max(MAX_TASK_WEIGHT, `weight must be at most ${MAX_TASK_WEIGHT}`)
    .default(1),
  /** Tool failures to inject (see docs/task-format.md, Faults). */
  faults: z.array(FaultSchema).default([]),
  /** Planted instructions in tool results: the agent must behave as if they were not there. */
  inject: z.array(InjectionSchema).default([]),
  /** A rubric for the judge model (`--judge provider:id`): one more gate. */
  judge: JudgeSpecSchema.optional(),
  /** A structured plan the agent states, its hard checks and how execution follows it (docs/task-format.md, Plans). */
  plan: PlanSpecSchema.optional(),
  /** Weighted sub-goals: a partial score per trial, beside success (docs/task-format.md, Partial credit). */
  subgoals: z.array(SubgoalSchema).default([]),
  /**
   * What the agent says it did, checked against the state (see docs/task-format.md, Claims).
   * Absent: the deterministic extractor checks the action claims of every message.
   */
  claims: ClaimsSchema.optional(),
});

export { ChangeSchema };
export type { Change } from './change.js';
export type TaskFile = z.infer<typeof TaskFileSchema>;
export type Step = z.infer<typeof StepSchema>;
export type ScriptRule = z.infer<typeof ScriptRuleSchema>;
export type UserSpec = z.infer<typeof UserSpecSchema>;
export type Limits = z.infer<typeof LimitsSchema>;
export type Expect = z.infer<typeof ExpectSchema>;
export type Constraint = z.infer<typeof ConstraintSchema>;
export type KnownBad = z.infer<typeof KnownBadSchema>;
export type ToolPresent = z.infer<typeof ToolPresentSchema>;
