import type { Tau2RewardType } from './tau2-task.js';

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

/** The check-id prefixes whose checks must all pass for tau2's reward of 1. */
export function tau2VerdictChecks(basis: readonly Tau2RewardType[]): string[] {
  return [...new Set(basis.flatMap((type) => CHECKS[type]))];
}
