import type { StateDiff, StateSnapshot } from '../state/index.js';
import { evaluateAssertion } from './cel-assertion.js';
import { createFinalStateView } from './state-view.js';

/** A final state to try the assertions on, named for the message. */
export interface ProbeState {
  /** e.g. `s0 (nothing changed)`, `the reference path's final state`. */
  readonly name: string;
  readonly diff: StateDiff;
}

/** An assertion that cannot be evaluated on a state a trial can reach. */
export interface BrokenAssertion {
  /** `expect.assert[i]`, as the trial's check is named. */
  readonly id: string;
  readonly index: number;
  readonly expression: string;
  readonly error: string;
  /** The name of the first state it broke on. */
  readonly state: string;
}

export interface FindBrokenAssertionsInput {
  readonly assert: readonly string[];
  readonly s0: StateSnapshot;
  readonly states: readonly ProbeState[];
}

/**
 * Evaluates each assertion on each state, as a trial ending there would,
 * and returns the ones that error (an unknown field, `double * int`, a
 * missing record, a result that is not a boolean): each would make such a
 * trial a grader failure. One entry per broken assertion, on the first state
 * it broke on.
 */
export function findBrokenAssertions({
  assert,
  s0,
  states,
}: FindBrokenAssertionsInput): BrokenAssertion[] {
  const views = states.map((state) => ({
    name: state.name,
    sT: createFinalStateView(s0, state.diff),
  }));
  const broken: BrokenAssertion[] = [];
  assert.forEach((expression, index) => {
    for (const { name, sT } of views) {
      const result = evaluateAssertion(expression, s0, sT);
      if (result.type === 'error') {
        broken.push({
          id: `expect.assert[${index}]`,
          index,
          expression,
          error: result.message,
          state: name,
        });
        return;
      }
    }
  });
  return broken;
}
