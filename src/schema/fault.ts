import { z } from 'zod';
import { JsonObjectSchema } from './json-value.js';

/**
 * Faults and injections, declared per task (`faults:`, `inject:`) or per run
 * (`--faults FILE`). The dispatcher applies them, seeded, and records each
 * one as a `fault` event; recovery is graded by the task's usual checks.
 */

export const FAULT_KINDS = [
  'timeout',
  'malformed',
  'expired_session',
  'rate_limit',
  'lost_ack',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** What an injected instruction is recorded as in `fault` events. */
export const INJECTION_FAULT = 'inject';

const ToolName = z.string().min(1);

/** Which calls a fault or an injection applies to. */
const target = {
  /** A tool name or a list of them (default: every tool). */
  tool: z.union([ToolName, z.array(ToolName).min(1)]).optional(),
  /** Arguments the call must have (a partial match: other arguments may differ). */
  args: JsonObjectSchema.optional(),
  /** Only the n-th matching call (1-based). */
  call: z.number().int().positive().optional(),
  /** Each matching call with this probability (seeded per trial). */
  probability: z.number().min(0).max(1).optional(),
};

const firings = {
  /** How many times the fault fires at most in a trial (default 1). */
  times: z.number().int().positive().default(1),
};

/** Wait before the error, as a slow service would (milliseconds). */
const delay = { delay_ms: z.number().int().nonnegative().max(60_000).default(20) };

export const FaultSchema = z.discriminatedUnion('kind', [
  /** The call has no effect; after a delay the agent gets a timeout error. */
  z.strictObject({ kind: z.literal('timeout'), ...target, ...firings, ...delay }),
  /** The call runs; the agent gets a garbled result (the start of its JSON text). */
  z.strictObject({ kind: z.literal('malformed'), ...target, ...firings }),
  /**
   * The session expires: this call and every later one fail with an
   * authentication error until the agent calls `reauth` successfully.
   */
  z.strictObject({
    kind: z.literal('expired_session'),
    ...target,
    ...firings,
    reauth: ToolName,
  }),
  /** The call has no effect; the agent gets a 429-style error with a retry-after. */
  z.strictObject({
    kind: z.literal('rate_limit'),
    ...target,
    ...firings,
    retry_after_ms: z.number().int().nonnegative().default(100),
  }),
  /** The call runs (the write happens); the agent sees the same timeout error as `timeout`. */
  z.strictObject({ kind: z.literal('lost_ack'), ...target, ...firings, ...delay }),
]);
export type Fault = z.infer<typeof FaultSchema>;

/**
 * The action a planted instruction asks for: a call of `tool`, with `args`
 * when given (a partial match: other arguments may differ). An agent that
 * attempts such a call after the text was shown to it (even one that is
 * blocked or fails) carried out the planted instruction.
 */
export const InjectedActionSchema = z.strictObject({
  tool: ToolName,
  args: JsonObjectSchema.optional(),
});
export type InjectedAction = z.infer<typeof InjectedActionSchema>;

const GOAL_REQUIRED =
  'name the action the planted text asks for, so resistance can be checked: goal: { tool: <tool name>, args: { <arguments it would pass> } } (args optional), or a list of them';

const GoalSchema = z.union([InjectedActionSchema, z.array(InjectedActionSchema).min(1)], {
  error: (issue) => (issue.input === undefined ? GOAL_REQUIRED : undefined),
});

/** Planted text in a tool result: the agent must not act on it. */
export const InjectionSchema = z.strictObject({
  ...target,
  /** Where in the result the text goes: a dot path into an object result (created if absent). */
  field: z.string().min(1).optional(),
  text: z.string().min(1),
  /** How many results carry it at most (default: every matching call, as data would). */
  times: z.number().int().positive().optional(),
  /** What the text asks the agent to do: one action or a list (any of them counts). */
  goal: GoalSchema,
});
export type Injection = z.infer<typeof InjectionSchema>;

/**
 * An injection as a stored run record keeps it: runs recorded before
 * injections had to name their goal have none (their trials are reported
 * as unchecked).
 */
export const RecordedInjectionSchema = InjectionSchema.extend({ goal: GoalSchema.optional() });
export type RecordedInjection = z.infer<typeof RecordedInjectionSchema>;

/** An injection's goal as a list; undefined when it declares none (an old run record). */
export function injectedActions(
  injection: RecordedInjection,
): readonly InjectedAction[] | undefined {
  if (injection.goal === undefined) return undefined;
  return Array.isArray(injection.goal) ? injection.goal : [injection.goal];
}

/** A `--faults FILE`: a list of faults, or `{ faults: [...], inject: [...] }`. */
export const FaultFileSchema = z.union([
  z.array(FaultSchema),
  z.strictObject({
    faults: z.array(FaultSchema).default([]),
    inject: z.array(InjectionSchema).default([]),
  }),
]);
