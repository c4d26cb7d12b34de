import { z } from 'zod';
import { JsonObjectSchema } from './json-value.js';

/**
 * The `plan` section of a task file: the agent states a structured plan
 * (a list of tool steps) before it acts, hard-constraint checkers judge the
 * plan, and the calls it then makes are compared with it. See
 * docs/task-format.md, Plans.
 */

const ToolName = z.string().min(1);

/** A step the plan must (or must not) hold: a tool, and optionally arguments it must include. */
export const PlanStepMatchSchema = z.strictObject({
  tool: ToolName,
  /** A partial match: the step's arguments include these (nested objects match partially too). */
  args: JsonObjectSchema.optional(),
});

export const PlanCheckSchema = z.union([
  /** Some step of the plan is this tool (with these arguments). */
  z.strictObject({ includes: PlanStepMatchSchema }),
  /** No step of the plan is this tool (with these arguments). */
  z.strictObject({ excludes: PlanStepMatchSchema }),
  /** Every tool listed is in the plan, each first planned after the one before it. */
  z.strictObject({
    order: z.array(ToolName).min(2, 'list at least two tools, in the order they must be planned'),
  }),
  /** The plan has at most this many steps. */
  z.strictObject({ max_steps: z.number().int().positive() }),
]);

/**
 * How executed calls are compared with the plan (calls made after the plan
 * was stated; a step with `args` matches a call whose arguments include them):
 * `in_order`: the share of plan steps carried out in the plan's order;
 * `any_order`: the share carried out in any order;
 * `exact`: in order and nothing else, the matched steps over the longer of plan and calls.
 */
export const PLAN_ADHERENCE_MODES = ['in_order', 'any_order', 'exact'] as const;

export const PlanSpecSchema = z.strictObject({
  /**
   * `message`: the agent's first message to the user that holds a plan (a
   * fenced JSON block, or a line starting `PLAN:` followed by a JSON list);
   * `tool`: the first call of the plan tool (`tool`, default `submit_plan`)
   * with a `steps` list: the environment must define that tool.
   */
  from: z.enum(['message', 'tool']),
  /** With `from: tool`: the tool whose call carries the plan. */
  tool: ToolName.default('submit_plan'),
  /** Hard constraints on the plan: one failing fails the trial. */
  checks: z.array(PlanCheckSchema).default([]),
  adherence: z.enum(PLAN_ADHERENCE_MODES).default('in_order'),
});

export type PlanStepMatch = z.infer<typeof PlanStepMatchSchema>;
export type PlanCheck = z.infer<typeof PlanCheckSchema>;
export type PlanSpec = z.infer<typeof PlanSpecSchema>;
export type PlanAdherenceMode = (typeof PLAN_ADHERENCE_MODES)[number];
