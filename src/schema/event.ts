import { z } from 'zod';
import { JsonValueSchema } from './json-value.js';

/**
 * Events are recorded by the harness (at the dispatcher and the user
 * channel), never reported by the agent. `t_ms` is time since the trial
 * started. Every tool attempt is a `tool_call`, answered by exactly one
 * `tool_result` or `blocked` with the same `call_id`.
 */
const at = { t_ms: z.number().nonnegative() };

export const UserEventSchema = z.object({
  ...at,
  kind: z.literal('user'),
  text: z.string(),
  /** Where the words came from: the task's instruction, a script rule, the script default. */
  source: z.enum(['instruction', 'script', 'default', 'simulator']),
  /**
   * Set on the opening of a no-user diagnosis run (`--mode no-user`): the
   * message gives the user's consent up front, so it counts as the yes a
   * `consent` constraint asks for before every later call.
   */
  standing_consent: z.literal(true).optional(),
});

export const AgentEventSchema = z.object({
  ...at,
  kind: z.literal('agent'),
  text: z.string(),
  /** True for the agent's final answer (the trial ends with it). */
  final: z.boolean(),
  /**
   * On the final answer only, when the agent reports it: its confidence in
   * [0, 1] that it completed the task (the scorecard's calibration compares it with success).
   */
  confidence: z.number().min(0).max(1).optional(),
});

/**
 * Who made a tool call: absent for the agent; `user` for a call the user
 * made themselves (a script's `take_over`, or one of the user's own tools),
 * which is never the agent's step, tool call or constraint violation.
 */
const by = { by: z.literal('user').optional() };

export const ToolCallEventSchema = z.object({
  ...at,
  kind: z.literal('tool_call'),
  call_id: z.string(),
  tool: z.string(),
  args: JsonValueSchema,
  ...by,
  /**
   * `user` on a call of one of the user's own tools (the user's side of the
   * world, dual control); absent on a call of the agent's tools, whoever made it.
   */
  side: z.literal('user').optional(),
  /** Whose records the call touches, when the tool declares a scope rule and the arguments are valid. */
  scope: z.string().optional(),
});

export const ToolErrorSchema = z.looseObject({ code: z.string(), message: z.string() });

export const ToolResultEventSchema = z.object({
  ...at,
  kind: z.literal('tool_result'),
  call_id: z.string(),
  tool: z.string(),
  ok: z.boolean(),
  result: JsonValueSchema.optional(),
  error: ToolErrorSchema.optional(),
  duration_ms: z.number().nonnegative(),
  ...by,
});

export const BlockedEventSchema = z.object({
  ...at,
  kind: z.literal('blocked'),
  call_id: z.string(),
  tool: z.string(),
  /**
   * `denied`: the tool is on the task's deny list; `not_allowed`: off its
   * allow list; `scope`: the call touches another owner's records than the
   * task's `scope` constraint allows (the tool never ran).
   */
  reason: z.enum(['denied', 'not_allowed', 'scope']),
  message: z.string(),
  /** On a `scope` block: the owner the task allows (the call's own is the `tool_call`'s `scope`). */
  owner: z.string().optional(),
});

export const FaultEventSchema = z.object({
  ...at,
  kind: z.literal('fault'),
  call_id: z.string(),
  tool: z.string(),
  /** The fault kind (`timeout`, `lost_ack`, ...) or `inject`. */
  fault: z.string(),
  /** Which declaration fired: `faults[0]`, `inject[1]`, or `run.faults[0]` for `--faults`. */
  source: z.string().optional(),
  /** What the agent was shown or what happened, in a few words. */
  detail: z.string().optional(),
  /**
   * A fault whose declaration fires with a probability: that probability.
   * Absent when the fault fires on a set call (the first matching one, or
   * the `call`-th): then whether it fired depends on the agent's path alone.
   */
  probability: z.number().min(0).max(1).optional(),
  /** An injection (`inject`): the actions its text asks for, as declared (`goal`). */
  goal: z
    .array(z.object({ tool: z.string(), args: z.record(z.string(), JsonValueSchema).optional() }))
    .optional(),
});

/**
 * One model call: tokens, cost, and time spent waiting before retries.
 * `judge` usage (a judge model grading the trial) is kept in the judge
 * grade's evidence, never among a trial's events or the system's cost.
 */
export const UsageEventSchema = z.object({
  ...at,
  kind: z.literal('usage'),
  role: z.enum(['agent', 'user', 'judge']),
  model: z.string(),
  input_tokens: z.number().int().nonnegative(),
  output_tokens: z.number().int().nonnegative(),
  cached_input_tokens: z.number().int().nonnegative(),
  /** Null when no pricing table priced the model: unknown, never counted as 0. */
  cost_usd: z.number().nonnegative().nullable(),
  wait_ms: z.number().nonnegative(),
  retries: z.number().int().nonnegative(),
});

export const NoteEventSchema = z.object({
  ...at,
  kind: z.literal('note'),
  text: z.string(),
});

/**
 * A connection to the trial's MCP endpoint that was turned away: it did not
 * present the trial's secret (or addressed the wrong host). Recorded so a
 * squatting client shows on the trial; the secret itself is never stored.
 */
export const EndpointRefusedEventSchema = z.object({
  ...at,
  kind: z.literal('endpoint_refused'),
  /** The client's address and port, e.g. `127.0.0.1:53122`. */
  remote: z.string(),
  /** `no_secret`: none presented; `wrong_secret`; `wrong_host`: a Host header other than the endpoint's loopback address. */
  reason: z.enum(['no_secret', 'wrong_secret', 'wrong_host']),
  method: z.string(),
});

/**
 * A connection a sandboxed agent opened through the harness's relays
 * (`--agent-network relay`): through its HTTP(S) proxy, or to a named
 * loopback host:port. Refused ones carry the reason; connections past the
 * first 1,000 of a trial are counted in one last event with host `*`.
 */
export const ConnectionEventSchema = z.object({
  ...at,
  kind: z.literal('connection'),
  via: z.enum(['proxy', 'tunnel']),
  host: z.string(),
  port: z.number(),
  allowed: z.boolean(),
  reason: z.string().optional(),
  bytes_out: z.number(),
  bytes_in: z.number(),
});

/**
 * The user helped: a `hint` (a reply that gives the agent what it should
 * have found itself) or a `take_over` (the user made a tool call, `call_id`,
 * themselves). `source` names the rule that helped (`user.script[2]`, or
 * `simulator` for a reply the simulated user marked as a hint).
 */
export const AssistEventSchema = z.object({
  ...at,
  kind: z.literal('assist'),
  type: z.enum(['hint', 'take_over']),
  source: z.string(),
  call_id: z.string().optional(),
});

export const TrialEventSchema = z.discriminatedUnion('kind', [
  UserEventSchema,
  AgentEventSchema,
  ToolCallEventSchema,
  ToolResultEventSchema,
  BlockedEventSchema,
  FaultEventSchema,
  UsageEventSchema,
  NoteEventSchema,
  EndpointRefusedEventSchema,
  ConnectionEventSchema,
  AssistEventSchema,
]);

export type TrialEvent = z.infer<typeof TrialEventSchema>;
export type ToolCallEvent = z.infer<typeof ToolCallEventSchema>;
export type ToolResultEvent = z.infer<typeof ToolResultEventSchema>;
export type BlockedEvent = z.infer<typeof BlockedEventSchema>;
export type FaultEvent = z.infer<typeof FaultEventSchema>;
export type UsageEvent = z.infer<typeof UsageEventSchema>;
export type EndpointRefusedEvent = z.infer<typeof EndpointRefusedEventSchema>;
export type ConnectionEvent = z.infer<typeof ConnectionEventSchema>;

/** An event before the recorder stamps its time. */
export type UnstampedEvent = TrialEvent extends infer E
  ? E extends TrialEvent
    ? Omit<E, 't_ms'>
    : never
  : never;

/** One model call's usage, as an agent or a simulated user reports it (a usage event without its time). */
export type ModelUsage = Omit<UsageEvent, 't_ms' | 'kind'>;

/** Which trial this is: for seeding a model or keying recorded responses (never the answer key). */
export interface TrialIdentity {
  readonly task_id: string;
  readonly attempt: number;
  readonly rerun: number;
  readonly seed: number;
}
