import type { JsonValue } from '../core/index.js';
import type { PlanAdherenceMode } from '../schema/index.js';
import type { PlannedStep } from './find-plan.js';
import { matchesPartially } from './matches-partially.js';

/** A call the agent made: a tool and its arguments. */
export interface ExecutedCall {
  readonly tool: string;
  readonly args: JsonValue;
}

export interface PlanAdherence {
  readonly mode: PlanAdherenceMode;
  /** Plan steps carried out (matched one-to-one with calls). */
  readonly matched: number;
  readonly planned: number;
  readonly executed: number;
  /**
   * In [0, 1]: matched / planned for `in_order` and `any_order`, matched /
   * max(planned, executed) for `exact`; 1 for an empty plan with no calls.
   */
  readonly score: number;
}

/** A call carries out a step: the same tool, with arguments that include the step's. */
function carriesOut(call: ExecutedCall, step: PlannedStep): boolean {
  return (
    call.tool === step.tool && (step.args === undefined || matchesPartially(call.args, step.args))
  );
}

/** The longest run of plan steps carried out in the plan's order (a longest common subsequence). */
function matchedInOrder(plan: readonly PlannedStep[], calls: readonly ExecutedCall[]): number {
  let previous = new Int32Array(calls.length + 1);
  for (const step of plan) {
    const row = new Int32Array(calls.length + 1);
    for (let column = 1; column <= calls.length; column += 1) {
      row[column] = carriesOut(calls[column - 1]!, step)
        ? previous[column - 1]! + 1
        : Math.max(previous[column]!, row[column - 1]!);
    }
    previous = row;
  }
  return previous[calls.length]!;
}

/**
 * The most plan steps carried out by distinct calls in any order: a maximum
 * bipartite matching (augmenting paths), since with partial arguments one
 * call can carry out several steps and a greedy pairing can fall short.
 */
function matchedAnyOrder(plan: readonly PlannedStep[], calls: readonly ExecutedCall[]): number {
  const callOf = new Int32Array(plan.length).fill(-1);
  const stepOf = new Int32Array(calls.length).fill(-1);
  const fits = plan.map((step) =>
    calls.flatMap((call, index) => (carriesOut(call, step) ? [index] : [])),
  );
  const augment = (step: number, seen: Uint8Array): boolean => {
    for (const call of fits[step]!) {
      if (seen[call] === 1) continue;
      seen[call] = 1;
      if (stepOf[call] === -1 || augment(stepOf[call]!, seen)) {
        stepOf[call] = step;
        callOf[step] = call;
        return true;
      }
    }
    return false;
  };
  let matched = 0;
  for (let step = 0; step < plan.length; step += 1) {
    if (augment(step, new Uint8Array(calls.length))) matched += 1;
  }
  return matched;
}

/**
 * How closely the calls an agent made follow the plan it stated.
 *
 * @example
 * planAdherence([{ tool: 'a' }, { tool: 'b' }], [{ tool: 'b', args: {} }, { tool: 'a', args: {} }], 'in_order');
 * // { mode: 'in_order', matched: 1, planned: 2, executed: 2, score: 0.5 }
 */
export function planAdherence(
  plan: readonly PlannedStep[],
  calls: readonly ExecutedCall[],
  mode: PlanAdherenceMode,
): PlanAdherence {
  const matched = mode === 'any_order' ? matchedAnyOrder(plan, calls) : matchedInOrder(plan, calls);
  const denominator = mode === 'exact' ? Math.max(plan.length, calls.length) : plan.length;
  return {
    mode,
    matched,
    planned: plan.length,
    executed: calls.length,
    score: denominator === 0 ? 1 : matched / denominator,
  };
}
