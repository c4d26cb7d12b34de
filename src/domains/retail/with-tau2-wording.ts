import { isToolFailure, toolError } from '../../environment/index.js';
import type { ToolDefinition } from '../../environment/index.js';

/**
 * tau2's message for a v1 one where only the wording differs: tau2 raises
 * `ValueError("Order not found")` and its environment answers
 * `Error: Order not found`; tau-bench v1 answered `Error: order not found`.
 */
const TAU2_WORDING: Readonly<Record<string, string>> = {
  'user not found': 'User not found',
  'order not found': 'Order not found',
  'product not found': 'Product not found',
  'invalid characters in expression': 'Invalid characters in expression',
};

/**
 * A v1 retail tool whose behaviour tau2 keeps, answering its errors in
 * tau2's wording. A message with no tau2 wording passes unchanged (Python's
 * own errors, such as `division by zero`, read the same in both).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function withTau2Wording(tool: ToolDefinition<any>): ToolDefinition<any> {
  return {
    ...tool,
    run: async (args, context) => {
      const output = await tool.run(args, context);
      if (!isToolFailure(output)) return output;
      const wording = TAU2_WORDING[output.message];
      return wording === undefined ? output : toolError(output.code, wording, output.details);
    },
  };
}
