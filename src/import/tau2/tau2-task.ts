import { z } from 'zod';
import { JsonObjectSchema } from '../../schema/index.js';

/**
 * One task of a tau2-bench `tasks.json` (tau2's `Task` model, in
 * src/tau2/data_model/tasks.py of a tau2-bench checkout), as far as the
 * importer reads it. Unknown fields are ignored, as tau2's own models do.
 */

const Requestor = z.enum(['assistant', 'user']);

export const Tau2ActionSchema = z.object({
  action_id: z.string(),
  requestor: Requestor.default('assistant'),
  name: z.string().min(1),
  arguments: JsonObjectSchema,
  info: z.string().nullish(),
  /** The arguments a matching call must equal; null: all of the call's arguments. */
  compare_args: z.array(z.string()).nullish(),
});
export type Tau2Action = z.infer<typeof Tau2ActionSchema>;

export const Tau2EnvAssertionSchema = z.object({
  env_type: Requestor,
  func_name: z.string().min(1),
  arguments: JsonObjectSchema,
  assert_value: z.boolean().default(true),
  message: z.string().nullish(),
});
export type Tau2EnvAssertion = z.infer<typeof Tau2EnvAssertionSchema>;

export const TAU2_REWARD_TYPES = [
  'DB',
  'ENV_ASSERTION',
  'NL_ASSERTION',
  'ACTION',
  'COMMUNICATE',
] as const;
export type Tau2RewardType = (typeof TAU2_REWARD_TYPES)[number];

const StructuredInstructionsSchema = z.object({
  domain: z.string(),
  reason_for_call: z.string(),
  known_info: z.string().nullish(),
  unknown_info: z.string().nullish(),
  task_instructions: z.string(),
});

export const Tau2TaskSchema = z.object({
  id: z.string().min(1),
  description: z
    .object({
      purpose: z.string().nullish(),
      relevant_policies: z.string().nullish(),
      notes: z.string().nullish(),
    })
    .nullish(),
  user_scenario: z.object({
    persona: z.string().nullish(),
    instructions: z.union([StructuredInstructionsSchema, z.string()]),
  }),
  initial_state: z
    .object({
      initialization_data: z
        .object({ agent_data: JsonObjectSchema.nullish(), user_data: JsonObjectSchema.nullish() })
        .nullish(),
      initialization_actions: z.array(z.unknown()).nullish(),
      message_history: z.array(z.unknown()).nullish(),
    })
    .nullish(),
  evaluation_criteria: z
    .object({
      actions: z.array(Tau2ActionSchema).nullish(),
      env_assertions: z.array(Tau2EnvAssertionSchema).nullish(),
      communicate_info: z.array(z.string()).nullish(),
      nl_assertions: z.array(z.string()).nullish(),
      /** Default, as tau2's: DB and COMMUNICATE (tau-bench's reward). */
      reward_basis: z.array(z.enum(TAU2_REWARD_TYPES)).default(['DB', 'COMMUNICATE']),
    })
    .nullish(),
});
export type Tau2Task = z.infer<typeof Tau2TaskSchema>;
