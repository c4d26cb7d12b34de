import { parse } from '@marcbachmann/cel-js';
import type { StateSnapshot } from '../state/index.js';
import { GraderError } from './grader-error.js';
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

/**
 * Evaluates a CEL predicate. Variables: `s0` and `sT` map each collection to
 * the list of its records; `s0_by_id` and `sT_by_id` map collection → id →
 * record. An evaluation error (a missing key, say) is a failed assertion; a
 * result that is not a boolean means the task is wrong (GraderError).
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
    throw new GraderError(`CEL assertion does not parse: ${expression}`, { cause: error });
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
    return {
      type: 'error',
      message: error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error),
    };
  }
  if (typeof value !== 'boolean') {
    throw new GraderError(`CEL assertion "${expression}" gave ${typeof value}, not a boolean`);
  }
  return { type: 'value', pass: value };
}
