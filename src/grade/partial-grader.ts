import type { Check, GraderOutput, Subgoal, TrialEvent } from '../schema/index.js';
import type { StateDiff, StateSnapshot } from '../state/index.js';
import { evaluateAssertion } from './cel-assertion.js';
import { GraderError } from './grader-error.js';
import { defineGrader } from './grader.js';
import type { Grader } from './grader.js';
import { matchesPartially } from './matches-partially.js';
import { checkChange } from './outcome.js';
import { gradeResponse } from './response.js';
import type { FinalStateView } from './state-view.js';
import { toolAttempts } from './tool-attempts.js';

export interface SubgoalsInput {
  readonly subgoals: readonly Subgoal[];
  readonly s0: StateSnapshot;
  readonly final: FinalStateView;
  readonly diff: StateDiff;
  readonly events: readonly TrialEvent[];
  /** How `said` facts match, as `expect.communicate_match`. */
  readonly match: 'token' | 'substring';
  /** The task's `expect.communicate`: with the `said` facts, the values a message may state beside a fact. */
  readonly communicate?: readonly string[];
}

/** One sub-goal judged with the matcher its kind shares with the outcome and response graders. */
function checkSubgoal(subgoal: Subgoal, id: string, input: SubgoalsInput): Check {
  const named = (check: Omit<Check, 'id'>): Check => ({
    ...check,
    id,
    message: `${subgoal.name}: ${check.message}`,
    evidence: { weight: subgoal.weight, detail: check.evidence ?? null },
  });
  if ('called' in subgoal) {
    const { tool, args } = subgoal.called;
    const call = toolAttempts(input.events).find(
      (attempt) =>
        attempt.status === 'ok' &&
        attempt.tool === tool &&
        (args === undefined || matchesPartially(attempt.args, args)),
    );
    return named({
      kind: 'called',
      pass: call !== undefined,
      message:
        call !== undefined
          ? `${tool} was called successfully`
          : `no successful call of ${tool} with the arguments named`,
      evidence: { event_index: call?.index ?? null },
    });
  }
  if ('change' in subgoal) {
    return named(checkChange(subgoal.change, id, input.s0, input.final, input.diff));
  }
  if ('said' in subgoal) {
    const said = input.subgoals.flatMap((other) => ('said' in other ? [other.said] : []));
    const [check] = gradeResponse({
      communicate: [subgoal.said],
      events: input.events,
      match: input.match,
      expected: [...(input.communicate ?? []), ...said],
    }).checks;
    return named({ ...check!, kind: 'said' });
  }
  const result = evaluateAssertion(subgoal.assert, input.s0, input.final);
  if (result.type === 'error') {
    // A sub-goal that cannot be judged says nothing of the agent: a broken grader.
    throw new GraderError(`${id}: ${subgoal.assert}: ${result.message}`, { checkId: id });
  }
  return named({
    kind: 'assert',
    pass: result.pass,
    message: `${subgoal.assert} is ${String(result.pass)}`,
    evidence: { expression: subgoal.assert, value: result.pass },
  });
}

/**
 * Partial credit: each sub-goal is a check (`subgoals[i]`), and the score
 * is Σ weight·pass / Σ weight. A diagnostic: it passes only when every
 * sub-goal does, and it never enters success.
 *
 * @example
 * // sub-goals weighing 1, 3 and 1, the first two met: score (1 + 3) / 5 = 0.8
 */
export function gradeSubgoals(input: SubgoalsInput): GraderOutput {
  const checks = input.subgoals.map((subgoal, index) =>
    checkSubgoal(subgoal, `subgoals[${index}]`, input),
  );
  const total = input.subgoals.reduce((sum, subgoal) => sum + subgoal.weight, 0);
  const met = input.subgoals.reduce(
    (sum, subgoal, index) => sum + (checks[index]!.pass ? subgoal.weight : 0),
    0,
  );
  const score = Math.min(1, Math.max(0, met / total));
  return {
    pass: checks.every((check) => check.pass),
    score,
    checks,
    evidence: { weight_met: met, weight_total: total },
  };
}

/** Weighted sub-goals of the task: the trial's partial score, beside (never instead of) success. */
export const partialGrader: Grader = defineGrader({
  id: 'partial',
  version: '2',
  role: 'diagnostic',
  appliesTo: (task) => task.subgoals.length > 0,
  grade: ({ task, s0, final, diff, events }) =>
    gradeSubgoals({
      subgoals: task.subgoals,
      s0,
      final,
      diff,
      events,
      match: task.expect.communicate_match,
      communicate: task.expect.communicate,
    }),
});
