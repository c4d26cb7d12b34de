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
 * tau2's verdict as the `verdict_checks` label the scorecard reads: one
 * group of check-id prefixes (`|`-separated) per component of
 * `reward_basis` that has something to check, groups comma-separated.
 * A component with nothing to check is left out, as tau2 gives it 1: no
 * facts to say, no actions, no nl_assertions, no env assertions; and DB
 * when the task has neither actions nor env assertions (tau2's environment
 * evaluator then answers 1 whatever the agent changed).
 */
export function tau2VerdictChecks(criteria: Tau2Task['evaluation_criteria']): string {
  if (criteria === null || criteria === undefined) return '';
  const has: Readonly<Record<Tau2RewardType, boolean>> = {
    DB:
      criteria.actions !== null && criteria.actions !== undefined
        ? true
        : criteria.env_assertions !== null && criteria.env_assertions !== undefined,
    ENV_ASSERTION: (criteria.env_assertions ?? []).length > 0,
    COMMUNICATE: (criteria.communicate_info ?? []).length > 0,
    ACTION: (criteria.actions ?? []).length > 0,
    NL_ASSERTION: (criteria.nl_assertions ?? []).length > 0,
  };
  return [...new Set(criteria.reward_basis)]
    .filter((type) => has[type])
    .map((type) => CHECKS[type].join('|'))
    .join(',');
}
