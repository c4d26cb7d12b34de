import { parse } from '@marcbachmann/cel-js';
import type { StateSnapshot } from '../state/index.js';
import type { FinalStateView } from './state-view.js';
import { byIdView, lazyLists } from './state-view.js';

type Compiled = ReturnType<typeof parse>;
const compiled = new Map<string, Compiled>();

function compile(expression: string): Compiled {
  let program = compiled.get(expression);
  if (program === undefined) {
    program = parse(expression);
    compiled.set(expression, program);
  }
  return program;
}

export type AssertionResult =
  | { readonly type: 'value'; readonly pass: boolean }
  | { readonly type: 'error'; readonly message: string };

/** The first line of a CEL error: the rest is a caret drawing of the expression. */
export function celErrorMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n')[0] ?? text;
}

/**
 * Evaluates a CEL predicate. Variables: `s0` and `sT` map each collection to
 * the list of its records; `s0_by_id` and `sT_by_id` map collection → id →
 * record. An expression that does not parse, fails to evaluate (an unknown
 * function, `double * int`, a missing key) or gives something other than a
 * boolean is an error: the assertion is broken, not false, and the caller
 * makes it a grader failure.
 */
export function evaluateAssertion(
  expression: string,
  s0: StateSnapshot,
  sT: FinalStateView,
): AssertionResult {
  let program: Compiled;
  try {
    program = compile(expression);
  } catch (error) {
    return { type: 'error', message: `does not parse: ${celErrorMessage(error)}` };
  }
  let value: unknown;
  try {
    value = program({
      s0: lazyLists(s0),
      sT: sT.lists,
      s0_by_id: byIdView(s0),
      sT_by_id: sT.byId,
    });
  } catch (error) {
    return { type: 'error', message: celErrorMessage(error) };
  }
  if (typeof value !== 'boolean') {
    return { type: 'error', message: `gave ${typeof value}, not a boolean` };
  }
  return { type: 'value', pass: value };
}
