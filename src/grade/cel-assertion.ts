import { parseCelWithinLimits } from '../core/index.js';
import type { ParsedCel } from '../core/index.js';
import type { StateSnapshot } from '../state/index.js';
import { StateReadBudgetExceeded, countedCollections, createReadBudget } from './counted-state.js';
import type { FinalStateView } from './state-view.js';
import { byIdView, lazyLists } from './state-view.js';

const compiled = new Map<string, ParsedCel>();

function compile(expression: string): ParsedCel {
  let parsed = compiled.get(expression);
  if (parsed === undefined) {
    parsed = parseCelWithinLimits(expression);
    if (compiled.size < 10_000) compiled.set(expression, parsed);
  }
  return parsed;
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
 * makes it a grader failure. So is one past a limit of CEL_LIMITS (its
 * length, its parse tree, comprehensions nested more than two deep), or an
 * evaluation that reads more records than the budget allows.
 */
export function evaluateAssertion(
  expression: string,
  s0: StateSnapshot,
  sT: FinalStateView,
): AssertionResult {
  const parsed = compile(expression);
  if (parsed.type === 'invalid') return { type: 'error', message: parsed.message };
  const budget = createReadBudget();
  let value: unknown;
  try {
    value = parsed.program({
      s0: countedCollections(lazyLists(s0), budget),
      sT: countedCollections(sT.lists, budget),
      s0_by_id: countedCollections(byIdView(s0), budget),
      sT_by_id: countedCollections(sT.byId, budget),
    });
  } catch (error) {
    // cel-js wraps what a value's accessor throws: find the budget underneath.
    const exceeded = findCause(error, StateReadBudgetExceeded);
    return { type: 'error', message: exceeded?.message ?? celErrorMessage(error) };
  }
  if (typeof value !== 'boolean') {
    return { type: 'error', message: `gave ${typeof value}, not a boolean` };
  }
  return { type: 'value', pass: value };
}

function findCause<T extends Error>(
  error: unknown,
  type: new (...args: never[]) => T,
): T | undefined {
  for (let current = error, depth = 0; depth < 10; depth++) {
    if (current instanceof type) return current;
    if (!(current instanceof Error)) return undefined;
    current = current.cause;
  }
  return undefined;
}
