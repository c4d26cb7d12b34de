import { z } from 'zod';
import { JsonObjectSchema } from './json-value.js';

/**
 * `trajectory`: how the agent's tool calls are compared with a reference
 * path (see docs/task-format.md, Trajectory match). A diagnostic unless
 * `required: true` says the order is the requirement.
 */

/** The tests a trajectory can be held to; each is defined in src/grade/trajectory-match.ts. */
export const TRAJECTORY_MATCH_MODES = [
  'exact',
  'in_order',
  'any_order',
  'subset',
  'superset',
] as const;

export const TrajectoryMatchModeSchema = z.enum(TRAJECTORY_MATCH_MODES);

const ReferenceCallSchema = z.strictObject({
  tool: z.string().min(1),
  /** Compared only with `args: exact`; absent means `{}`. */
  args: JsonObjectSchema.default({}),
});

export const TrajectorySpecSchema = z.strictObject({
  /** Default `in_order`: the reference calls appear in this order, other calls between them allowed. */
  match: TrajectoryMatchModeSchema.default('in_order'),
  /** Default: the tool calls of the task's `reference` path. */
  reference: z.array(ReferenceCallSchema).min(1).optional(),
  /** `ignore` (default): tool names only; `exact`: the arguments too (as canonical JSON). */
  args: z.enum(['ignore', 'exact']).default('ignore'),
  /**
   * With `args: exact`, the arguments compared for a tool, by tool name
   * (tau2's `compare_args`): only these, on both sides; `[]` compares the
   * tool's calls by name alone. A tool not named here is compared on all
   * of its arguments.
   */
  compare_args: z.record(z.string(), z.array(z.string())).optional(),
  /** `true`: the order is the requirement, a failed match fails the trial (a constraint). */
  required: z.boolean().default(false),
});

export type TrajectoryMatchMode = z.infer<typeof TrajectoryMatchModeSchema>;
export type TrajectorySpec = z.infer<typeof TrajectorySpecSchema>;
