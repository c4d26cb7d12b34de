import type { Environment } from '@marcbachmann/cel-js';
import { CEL_LIMITS, loadCelJs, parseCelWithinLimits } from '../core/index.js';

let checker: Environment | undefined;

/**
 * The variables an assertion sees, typed as far as every task shares them:
 * collections of records whose fields are `dyn`. The checker then refuses
 * what no state can make work (an unknown function such as `list.sum()`, an
 * unknown variable, `int * double` between typed values, a result that is
 * not a boolean) and leaves field-level types to `endstate validate`, which
 * evaluates each assertion on real states. Built on first use, with the CEL
 * library.
 */
function assertionVariables(): Environment {
  return (checker ??= new (loadCelJs().Environment)({
    unlistedVariablesAreDyn: false,
    limits: { maxAstNodes: CEL_LIMITS.maxAstNodes, maxDepth: CEL_LIMITS.maxDepth },
  })
    .registerVariable('s0', 'map<string, list<map<string, dyn>>>')
    .registerVariable('sT', 'map<string, list<map<string, dyn>>>')
    .registerVariable('s0_by_id', 'map<string, map<string, map<string, dyn>>>')
    .registerVariable('sT_by_id', 'map<string, map<string, map<string, dyn>>>'));
}

const firstLine = (error: unknown): string => {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n')[0] ?? text;
};

/**
 * Why a CEL assertion cannot work whatever the state (it exceeds a limit of
 * CEL_LIMITS, does not parse or does not type-check), or undefined.
 */
export function checkCelAssertion(expression: string): string | undefined {
  const parsed = parseCelWithinLimits(expression);
  if (parsed.type === 'invalid') {
    return parsed.message.startsWith('does not parse')
      ? `CEL ${parsed.message}`
      : `CEL assertion ${parsed.message}`;
  }
  let result: ReturnType<Environment['check']>;
  try {
    result = assertionVariables().check(expression);
  } catch (error) {
    return `CEL does not parse: ${firstLine(error)}`;
  }
  if (!result.valid) {
    return result.error?.name === 'ParseError'
      ? `CEL does not parse: ${firstLine(result.error)}`
      : `CEL does not type-check: ${firstLine(result.error)} in ${expression}`;
  }
  if (result.type !== 'bool' && result.type !== 'dyn') {
    return `CEL gives ${result.type ?? 'no value'}, not a bool: ${expression}`;
  }
  return undefined;
}
