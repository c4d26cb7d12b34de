import type { JsonObject } from '../core/index.js';

const TOOL_FAILURE = Symbol.for('endstate.tool-failure');

/**
 * An error a tool returns to the agent as a value, made by
 * `toolError`: the trial goes on.
 */
export interface ToolFailure {
  readonly [TOOL_FAILURE]: true;
  /** A short machine-readable reason (`not_found`, `not_eligible`). */
  readonly code: string;
  /** What went wrong, for the agent to read and recover from. */
  readonly message: string;
  /** More fields for the agent, spread into the error it receives. */
  readonly details: JsonObject;
}

/**
 * Builds the value a tool returns when a request cannot be served (not
 * found, not eligible, precondition missing). The agent sees
 * `{ ok: false, error: { code, message, ...details } }` and the trial goes
 * on. A tool that throws instead is a crash of the environment, not an
 * answer.
 *
 * @param code - a short machine-readable reason, e.g. `not_found`
 * @param message - what went wrong, in words the agent can act on
 * @param details - more JSON fields for the agent (default none)
 * @returns the failure, to `return` from the tool's `run`
 * @example
 * if (order.status !== 'delivered') {
 *   return toolError('not_eligible', 'only delivered orders can be refunded', {
 *     status: order.status,
 *   });
 * }
 */
export function toolError(code: string, message: string, details: JsonObject = {}): ToolFailure {
  return { [TOOL_FAILURE]: true, code, message, details };
}

export function isToolFailure(value: unknown): value is ToolFailure {
  return typeof value === 'object' && value !== null && TOOL_FAILURE in value;
}
