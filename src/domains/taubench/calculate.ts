import { z } from 'zod';
import { defineTool, toolError } from '../../environment/index.js';
import { evaluateArithmetic } from './evaluate-arithmetic.js';
import { formatPythonFloat } from './format-python-float.js';
import { pythonRound2 } from './python-round2.js';

// The description is tau-bench's (MIT, Sierra); retail and airline share it word for word.

/** A stable code per kind of failure; the message is Python's. */
function calculationErrorCode(message: string): string {
  if (message === 'invalid characters in expression') return 'invalid_characters';
  if (message === 'division by zero') return 'division_by_zero';
  return 'invalid_expression';
}

/**
 * tau-bench's `calculate`, the same in its retail and airline domains:
 * `str(round(float(eval(expression)), 2))` over the characters
 * `0123456789+-*\/(). `, with Python's arithmetic and error messages.
 */
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
