import { defineTool, toolError } from '../../environment/index.js';
import type { ToolDefinition, ToolSpec } from '../../environment/index.js';
import type { z } from 'zod';

/**
 * tau2's telecom tools raise `ValueError(message)` and tau2's environment
 * answers the call with `Error: <message>`. Here the lookups throw this and
 * {@link defineTelecomTool} turns it into a tool error with that message,
 * so the checks read in tau2's order and a failed call changes nothing.
 */
export class Tau2ValueError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'Tau2ValueError';
  }
}

/** `raise ValueError(message)`, as an expression. */
export function raise(message: string): never {
  throw new Tau2ValueError(message);
}

/**
 * A telecom tool: its `run` may {@link raise} as tau2's does; the call then
 * answers the tool error `value_error` with tau2's message. Any other throw
 * is a crash, as in any tool.
 */
export function defineTelecomTool<Input extends z.ZodType>(
  spec: ToolSpec<Input>,
): ToolDefinition<Input> {
  return defineTool({
    ...spec,
    run: async (args, context) => {
      try {
        return await spec.run(args, context);
      } catch (error) {
        if (error instanceof Tau2ValueError) return toolError('value_error', error.message);
        throw error;
      }
    },
  });
}
