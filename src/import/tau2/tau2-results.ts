import { z } from 'zod';
import { JsonObjectSchema } from '../../schema/index.js';
import { TAU2_REWARD_TYPES, Tau2ActionSchema, Tau2EnvAssertionSchema } from './tau2-task.js';

/**
 * tau2-bench's results file (`Results` in src/tau2/data_model/simulation.py
 * of a tau2-bench checkout, its messages in data_model/message.py), as far
 * as `endstate export tau2` writes it: the fields tau2 requires, and the
 * optional ones the export fills. Objects are strict so that a field tau2
 * does not know is caught here; tau2's own models ignore unknown fields.
 */

const nullable = <T extends z.ZodType>(schema: T) => schema.nullable().optional();

const RewardTypeSchema = z.enum(TAU2_REWARD_TYPES);

/** tau2's `TerminationReason`. */
export const TAU2_TERMINATION_REASONS = [
  'user_stop',
  'agent_stop',
  'max_steps',
  'timeout',
  'too_many_errors',
  'agent_error',
  'user_error',
  'infrastructure_error',
  'context_window_exceeded',
  'unexpected_error',
] as const;

const ToolCallSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  arguments: JsonObjectSchema,
  requestor: z.enum(['user', 'assistant']),
});

const message = {
  content: nullable(z.string()),
  turn_idx: nullable(z.number().int()),
  timestamp: nullable(z.string()),
};

export const Tau2MessageSchema = z.union([
  z.strictObject({ role: z.literal('system'), ...message }),
  z.strictObject({
    role: z.literal('assistant'),
    ...message,
    tool_calls: nullable(z.array(ToolCallSchema)),
  }),
  z.strictObject({
    role: z.literal('user'),
    ...message,
    tool_calls: nullable(z.array(ToolCallSchema)),
  }),
  z.strictObject({
    role: z.literal('tool'),
    ...message,
    id: z.string(),
    requestor: z.enum(['user', 'assistant']),
    error: z.boolean(),
  }),
]);
export type Tau2Message = z.infer<typeof Tau2MessageSchema>;

export const Tau2RewardInfoSchema = z.strictObject({
  reward: z.number(),
  db_check: nullable(z.strictObject({ db_match: z.boolean(), db_reward: z.number() })),
  env_assertions: nullable(
    z.array(
      z.strictObject({
        env_assertion: Tau2EnvAssertionSchema,
        met: z.boolean(),
        reward: z.number(),
      }),
    ),
  ),
  action_checks: nullable(
    z.array(
      z.strictObject({
        action: Tau2ActionSchema,
        action_match: z.boolean(),
        action_reward: z.number(),
        tool_type: nullable(z.enum(['read', 'write', 'think', 'generic'])),
      }),
    ),
  ),
  nl_assertions: nullable(
    z.array(
      z.strictObject({ nl_assertion: z.string(), met: z.boolean(), justification: z.string() }),
    ),
  ),
  communicate_checks: nullable(
    z.array(z.strictObject({ info: z.string(), met: z.boolean(), justification: z.string() })),
  ),
  reward_basis: nullable(z.array(RewardTypeSchema)),
  reward_breakdown: nullable(z.partialRecord(RewardTypeSchema, z.number())),
  info: nullable(JsonObjectSchema),
});
export type Tau2RewardInfo = z.infer<typeof Tau2RewardInfoSchema>;

export const Tau2SimulationRunSchema = z.strictObject({
  id: z.string(),
  task_id: z.string(),
  timestamp: z.string().optional(),
  start_time: z.string(),
  end_time: z.string(),
  /** Seconds. */
  duration: z.number(),
  termination_reason: z.enum(TAU2_TERMINATION_REASONS),
  agent_cost: nullable(z.number()),
  user_cost: nullable(z.number()),
  reward_info: nullable(Tau2RewardInfoSchema),
  messages: nullable(z.array(Tau2MessageSchema)),
  trial: nullable(z.number().int()),
  seed: nullable(z.number().int()),
  mode: z.string().optional(),
  info: nullable(JsonObjectSchema),
});
export type Tau2SimulationRun = z.infer<typeof Tau2SimulationRunSchema>;

const ParticipantInfo = {
  implementation: z.string(),
  llm: nullable(z.string()),
  llm_args: nullable(JsonObjectSchema),
};

export const Tau2InfoSchema = z.strictObject({
  git_commit: z.string(),
  num_trials: z.number().int(),
  max_steps: z.number().int(),
  max_errors: z.number().int(),
  user_info: z.strictObject(ParticipantInfo),
  agent_info: z.strictObject(ParticipantInfo),
  environment_info: z.strictObject({
    domain_name: z.string(),
    policy: z.string(),
    tool_defs: nullable(JsonObjectSchema),
  }),
  seed: nullable(z.number().int()),
});
export type Tau2Info = z.infer<typeof Tau2InfoSchema>;

export const Tau2ResultsSchema = z.strictObject({
  timestamp: nullable(z.string()),
  info: Tau2InfoSchema,
  /** tau2's tasks as its tasks.json holds them (each one a `Tau2TaskSchema`, checked when the suite was imported). */
  tasks: z.array(JsonObjectSchema),
  simulations: z.array(Tau2SimulationRunSchema),
});
export type Tau2Results = z.infer<typeof Tau2ResultsSchema>;
