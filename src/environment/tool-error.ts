import type { JsonObject } from '../core/index.js';

const TOOL_FAILURE = Symbol.for('endstate.tool-failure');

/** An error a tool returns to the agent as a value: the trial goes on. */
export interface ToolFailure {
  readonly [TOOL_FAILURE]: true;
  readonly code: string;
  readonly message: string;
  readonly details: JsonObject;
}

/**
 * Builds the value a tool returns when a request cannot be served (not
 * found, not eligible, precondition missing). The agent sees
 * `{ ok: false, error: { code, message, ...details } }`. A tool that
 * throws instead is a crash of the environment, not an answer.
 *
 * @example
 * if (!order) return toolError('not_found', `no order ${args.order_id}`);
 */
export function toolError(code: string, message: string, details: JsonObject = {}): ToolFailure {
  return { [TOOL_FAILURE]: true, code, message, details };
}

export function isToolFailure(value: unknown): value is ToolFailure {
  return typeof value === 'object' && value !== null && TOOL_FAILURE in value;
}
