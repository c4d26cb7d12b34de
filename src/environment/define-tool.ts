import { z } from 'zod';
import type { Clock, JsonObject, JsonValue, Rng } from '../core/index.js';
import { EndstateError } from '../core/index.js';
import type { WorkingState } from '../state/index.js';
import type { Outbox } from './outbox.js';
import type { ToolFailure } from './tool-error.js';

/**
 * What a call may do to the world. `irreversible` calls (a refund, a
 * payment) are the ones that need the user's consent first.
 */
export type ToolEffect = 'read' | 'write' | 'irreversible';

export const TOOL_EFFECTS: readonly ToolEffect[] = ['read', 'write', 'irreversible'];

/** An earlier call of the same trial, as tools see it. */
export interface PastCall {
  readonly tool: string;
  readonly args: JsonValue;
  readonly ok: boolean;
}

/** What a tool receives besides its arguments. */
export interface ToolContext {
  readonly state: WorkingState;
  readonly clock: Clock;
  readonly rng: Rng;
  readonly outbox: Outbox;
  /** Calls made earlier in this trial, oldest first (blocked and invalid ones excluded). */
  readonly calls: readonly PastCall[];
}

export type ToolOutput = JsonValue | ToolFailure;

export interface ToolSpec<Input extends z.ZodType> {
  readonly name: string;
  readonly description: string;
  readonly input: Input;
  readonly effect: ToolEffect;
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

export interface ToolDefinition<Input extends z.ZodType = z.ZodType> extends ToolSpec<Input> {
  readonly kind: 'endstate-tool';
}

/** What the agent is shown of a tool. */
export interface ToolDescriptor {
  readonly name: string;
  readonly description: string;
  readonly effect: ToolEffect;
  readonly input_schema: JsonObject;
}

const TOOL_NAME = /^[a-zA-Z][a-zA-Z0-9_-]{0,63}$/;

/**
 * Declares a tool the agent may call.
 *
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
