import type { Tau2RewardType, Tau2Task } from './tau2-task.js';

/**
 * The endstate checks behind each of tau2's reward components, as check-id
 * prefixes: DB is the whole diff (`expect.changes[i]`, `expect.unchanged`),
 * ENV_ASSERTION the CEL assertions, COMMUNICATE the facts to say, ACTION the
 * trajectory match, NL_ASSERTION the judge.
 */
const CHECKS: Readonly<Record<Tau2RewardType, readonly string[]>> = {
  DB: ['expect.changes', 'expect.unchanged'],
  ENV_ASSERTION: ['expect.assert'],
  COMMUNICATE: ['expect.communicate'],
  ACTION: ['trajectory'],
  NL_ASSERTION: ['judge'],
};

/**
 * The components of a task's `reward_basis`, each with the check-id
 * prefixes that decide it, or `null` when it has nothing to check and tau2
 * gives it 1: no facts to say, no actions, no nl_assertions, no env
 * assertions; and DB when the task has neither actions nor env assertions
 * (tau2's environment evaluator then answers 1 whatever the agent changed).
 */
export function tau2Components(
  criteria: Tau2Task['evaluation_criteria'],
): { readonly type: Tau2RewardType; readonly prefixes: readonly string[] | null }[] {
  if (criteria === null || criteria === undefined) return [];
  const isSet = (value: unknown) => value !== null && value !== undefined;
  const has: Readonly<Record<Tau2RewardType, boolean>> = {
    DB: isSet(criteria.actions) || isSet(criteria.env_assertions),
    ENV_ASSERTION: (criteria.env_assertions ?? []).length > 0,
    COMMUNICATE: (criteria.communicate_info ?? []).length > 0,
    ACTION: (criteria.actions ?? []).length > 0,
    NL_ASSERTION: (criteria.nl_assertions ?? []).length > 0,
  };
  return [...new Set(criteria.reward_basis)].map((type) => ({
    type,
    prefixes: has[type] ? CHECKS[type] : null,
  }));
}

/**
 * tau2's verdict as the `verdict_checks` label the scorecard reads: one
 * group of check-id prefixes (`|`-separated) per component with something
 * to check, groups comma-separated.
 */
export function tau2VerdictChecks(criteria: Tau2Task['evaluation_criteria']): string {
  return tau2Components(criteria)
    .flatMap(({ prefixes }) => (prefixes === null ? [] : [prefixes.join('|')]))
    .join(',');
}
