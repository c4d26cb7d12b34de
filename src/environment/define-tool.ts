import { z } from 'zod';
import type { Clock, JsonObject, JsonValue, Rng } from '../core/index.js';
import { EndstateError } from '../core/index.js';
import type { WorkingState } from '../state/index.js';
import type { Outbox } from './outbox.js';
import type { ToolFailure } from './tool-error.js';

/**
 * What a call may do to the world: `read` changes nothing, `write` changes
 * the state, `irreversible` cannot be undone (a refund, a payment). The
 * task's `consent: irreversible` constraint requires the user's
 * confirmation before each irreversible call.
 */
export type ToolEffect = 'read' | 'write' | 'irreversible';

export const TOOL_EFFECTS: readonly ToolEffect[] = ['read', 'write', 'irreversible'];

/** An earlier call of the same trial, as tools see it in `ToolContext.calls`. */
export interface PastCall {
  /** The tool's name. */
  readonly tool: string;
  /** The arguments the agent passed, as JSON. */
  readonly args: JsonValue;
  /** False when the tool answered with `toolError`. */
  readonly ok: boolean;
}

/**
 * What a tool's `run` receives besides its arguments: the trial's state
 * and the deterministic world around it. Everything here is per trial;
 * keep nothing between calls in module variables (the canary catches it).
 *
 * @example
 * run: ({ order_id }, { state, clock, outbox }) => {
 *   const order = state.get('orders', order_id);
 *   if (!order) return toolError('not_found', `no order ${order_id}`);
 *   outbox.send({ to: String(order.email), body: `Refunded on ${clock.iso}` });
 *   return { ok: true };
 * }
 */
export interface ToolContext {
  /** The trial's state: read and change collections of records (see `WorkingState`). */
  readonly state: WorkingState;
  /**
   * The task's frozen "now": `clock.iso` (ISO 8601 text) and `clock.now()`
   * (a Date). Use it instead of `Date.now()` so every trial is reproducible.
   */
  readonly clock: Clock;
  /**
   * The trial's seeded randomness: `rng.next()` in [0, 1),
   * `rng.int(min, max)`, `rng.chance(p)`, `rng.pick(items)`,
   * `rng.fork(label)`. Use it instead of `Math.random()`.
   */
  readonly rng: Rng;
  /**
   * Messages to people (emails, texts): `outbox.send({ to, subject?, body,
   * channel? })` records each in the `outbox` collection, where outcome
   * checks see it.
   */
  readonly outbox: Outbox;
  /**
   * Calls made earlier in this trial, oldest first, `{ tool, args, ok }`
   * (blocked and invalid ones excluded): for rules such as "check
   * eligibility before refunding".
   */
  readonly calls: readonly PastCall[];
}

/** What a tool's `run` returns: a JSON value for the agent, or a `toolError(...)`. */
export type ToolOutput = JsonValue | ToolFailure;

/** The fields of a tool, as given to `defineTool`. */
export interface ToolSpec<Input extends z.ZodType> {
  /** The name the agent calls: 1-64 letters, digits, `_` or `-`, starting with a letter. */
  readonly name: string;
  /** What the tool does and when to use it; shown to the agent. */
  readonly description: string;
  /**
   * The arguments as a zod schema (use the `z` endstate exports). The
   * dispatcher validates every call against it before the tool runs; the
   * agent sees it as JSON Schema.
   */
  readonly input: Input;
  /** `read`, `write` or `irreversible` (see `ToolEffect`). */
  readonly effect: ToolEffect;
  /**
   * Does the work: receives the validated arguments and the
   * `ToolContext`, returns a JSON value (the agent sees
   * `{ ok: true, result }`) or `toolError(...)` for a request it cannot
   * serve. A throw, or a value JSON cannot hold, ends the trial as a
   * `tool_crash` (an environment failure, rerun).
   */
  readonly run: (args: z.output<Input>, context: ToolContext) => ToolOutput | Promise<ToolOutput>;
  /**
   * Whose records a call touches (a customer id, say), read from the
   * arguments and the state before the call. The harness records it on the
   * call so the `scope` constraint can catch writes to another owner's
   * records. Undefined when it cannot tell (an unknown order).
   */
  readonly scope?: (args: z.output<Input>, state: WorkingState) => string | undefined;
  /** A call that goes through ends the trial (a transfer to a human agent, say). */
  readonly terminates?: boolean;
}

/** A tool, as `defineTool` returns it and `EnvironmentSpec.tools` lists it. */
export interface ToolDefinition<Input extends z.ZodType = z.ZodType> extends ToolSpec<Input> {
  /** Marks the value as a tool. */
  readonly kind: 'endstate-tool';
}

/** What the agent is shown of a tool. */
export interface ToolDescriptor {
  /** The name to pass to `callTool`. */
  readonly name: string;
  /** The tool's description, as its author wrote it. */
  readonly description: string;
  /** `read`, `write` or `irreversible`. */
  readonly effect: ToolEffect;
  /** The input schema as JSON Schema (draft 2020-12, without `$schema`). */
  readonly input_schema: JsonObject;
}

const TOOL_NAME = /^[a-zA-Z][a-zA-Z0-9_-]{0,63}$/;

/**
 * Declares a tool the agent may call.
 *
 * @param spec - the tool's name, description, zod input, effect and `run`, with optional
 *   `scope` and `terminates`
 * @returns the tool, to list in `EnvironmentSpec.tools`
 * @throws EndstateError `E_ENVIRONMENT_INVALID` when the name is not 1-64 letters, digits,
 *   `_` or `-`, the description is empty or the effect is unknown
 * @example
 * const getOrder = defineTool({
 *   name: 'get_order',
 *   description: 'Look up an order by id.',
 *   input: z.object({ order_id: z.string() }),
 *   effect: 'read',
 *   run: ({ order_id }, { state }) =>
 *     state.get('orders', order_id) ?? toolError('not_found', `no order ${order_id}`),
 * });
 */
export function defineTool<Input extends z.ZodType>(spec: ToolSpec<Input>): ToolDefinition<Input> {
  const problems: string[] = [];
  if (!TOOL_NAME.test(spec.name)) {
    problems.push(
      `name "${spec.name}" must be 1-64 letters, digits, _ or -, starting with a letter`,
    );
  }
  if (spec.description.trim() === '') problems.push('description is empty');
  if (!TOOL_EFFECTS.includes(spec.effect)) {
    problems.push(`effect "${String(spec.effect)}" must be one of ${TOOL_EFFECTS.join(', ')}`);
  }
  const zodProblem = checkZodSchema(spec.input);
  if (zodProblem !== undefined) problems.push(zodProblem);
  if (problems.length > 0) {
    throw new EndstateError('E_ENVIRONMENT_INVALID', `tool "${spec.name}" is not valid`, {
      problems: problems.map((message) => ({ message, path: `tools.${spec.name}` })),
      ...(zodProblem === undefined ? {} : { hint: ZOD_HINT }),
    });
  }
  return { ...spec, kind: 'endstate-tool' };
}

const ZOD_HINT =
  "Tool inputs must be zod 4 schemas: install zod@^4 (npm install zod@^4) or import { z } from 'endstate'.";

/**
 * Why `input` is not a zod 4 schema, or undefined when it is. A schema made
 * with zod 3 (a project's own older zod) has `_def` but no `_zod`; endstate
 * reads schemas with zod 4 and would otherwise fail on them deep inside.
 */
function checkZodSchema(input: unknown): string | undefined {
  if (typeof input !== 'object' || input === null) return 'input is not a zod schema';
  const version = (input as { _zod?: { version?: { major?: unknown } } })._zod?.version;
  if (version?.major === 4) return undefined;
  if (version !== undefined) return `input is a zod ${String(version.major)} schema, not zod 4`;
  return '_def' in input
    ? 'input is a zod 3 schema (it has _def, no _zod), not zod 4'
    : 'input is not a zod schema';
}

/** A tool as the agent is shown it: name, description, effect and JSON Schema input. */
export function describeTool(tool: ToolDefinition): ToolDescriptor {
  const schema = z.toJSONSchema(tool.input, { io: 'input' }) as JsonObject;
  delete schema.$schema;
  return {
    name: tool.name,
    description: tool.description,
    effect: tool.effect,
    input_schema: schema,
  };
}
