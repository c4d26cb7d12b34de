import type { Scorecard } from '../scorecard.js';

/**
 * What the outcome-only figure measures, ending with whose verdict it is:
 * tau-bench's (state and facts, constraints ignored) or an imported
 * suite's own (`tau2's verdict`: the checks of each task's reward_basis),
 * with the trials it could not judge.
 */
export function describeSourceVerdict(outcome: Scorecard['outcome_only']): string {
  const sources = outcome.verdict_of.split(', ');
  const what =
    sources.length === 1 && sources[0] === 'tau-bench'
      ? "state and facts only, constraints ignored: tau-bench's verdict"
      : sources.length === 1
        ? `the checks of each task's reward_basis, constraints ignored: ${sources[0]}'s verdict`
        : `each task's source benchmark's checks, constraints ignored: the verdicts of ${outcome.verdict_of}`;
  return outcome.unmeasured_trials > 0
    ? `${what}; ${outcome.unmeasured_trials} trial(s) without a check the verdict needs, counted as not passing`
    : what;
}
