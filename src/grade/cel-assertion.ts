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
  const result = evaluateCel(expression, s0, sT);
  if (result.type === 'error') return result;
  if (typeof result.value !== 'boolean') {
    return { type: 'error', message: `gave ${typeof result.value}, not a boolean` };
  }
  return { type: 'value', pass: result.value };
}

/** What a CEL expression evaluates to over s0 and sT, whatever its type, under the same limits. */
export type CelResult =
  | { readonly type: 'value'; readonly value: unknown }
  | { readonly type: 'error'; readonly message: string };

/** Evaluates any CEL expression with the variables and limits of {@link evaluateAssertion}. */
export function evaluateCel(expression: string, s0: StateSnapshot, sT: FinalStateView): CelResult {
  const parsed = compile(expression);
  if (parsed.type === 'invalid') return { type: 'error', message: parsed.message };
  const budget = createReadBudget();
  try {
    const value: unknown = parsed.program({
      s0: countedCollections(lazyLists(s0), budget),
      sT: countedCollections(sT.lists, budget),
      s0_by_id: countedCollections(byIdView(s0), budget),
      sT_by_id: countedCollections(sT.byId, budget),
    });
    return { type: 'value', value };
  } catch (error) {
    // cel-js wraps what a value's accessor throws: find the budget underneath.
    const exceeded = findCause(error, StateReadBudgetExceeded);
    return { type: 'error', message: exceeded?.message ?? celErrorMessage(error) };
  }
}

/** The parse tree of an expression that parses within the limits; undefined otherwise. */
export function celTree(expression: string): unknown {
  const parsed = compile(expression);
  return parsed.type === 'program' ? parsed.program.ast : undefined;
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
