import { z } from 'zod';
import { defineTool, toolError } from '../../environment/index.js';
import { evaluateArithmetic } from './evaluate-arithmetic.js';
import { formatPythonFloat } from './format-python-float.js';
import { pythonRound2 } from './python-round2.js';

// Descriptions are tau-bench's (MIT, Sierra).

/** A stable code per kind of failure; the message is Python's. */
function calculationErrorCode(message: string): string {
  if (message === 'invalid characters in expression') return 'invalid_characters';
  if (message === 'division by zero') return 'division_by_zero';
  return 'invalid_expression';
}

export const calculate = defineTool({
  name: 'calculate',
  description: 'Calculate the result of a mathematical expression.',
  input: z.strictObject({
    expression: z
      .string()
      .describe(
        "The mathematical expression to calculate, such as '2 + 2'. The expression can contain numbers, operators (+, -, *, /), parentheses, and spaces.",
      ),
  }),
  effect: 'read',
  run: ({ expression }) => {
    const result = evaluateArithmetic(expression);
    if (!result.ok) return toolError(calculationErrorCode(result.message), result.message);
    // Python: str(round(float(value), 2)), e.g. "4.0" or "3.33".
    return formatPythonFloat(pythonRound2(result.value));
  },
});

export const think = defineTool({
  name: 'think',
  description:
    'Use the tool to think about something. It will not obtain new information or change the database, but just append the thought to the log. Use it when complex reasoning or some cache memory is needed.',
  input: z.strictObject({
    thought: z.string().describe('A thought to think about.'),
  }),
  effect: 'read',
  run: () => '',
});

export const transferToHumanAgents = defineTool({
  name: 'transfer_to_human_agents',
  description:
    "Transfer the user to a human agent, with a summary of the user's issue. Only transfer if the user explicitly asks for a human agent, or if the user's issue cannot be resolved by the agent with the available tools.",
  input: z.strictObject({
    summary: z.string().describe("A summary of the user's issue."),
  }),
  effect: 'read',
  terminates: true,
  run: () => 'Transfer successful',
});
