import { NORMAL_EXIT_REASONS } from './trial-record.js';
import type { TrialRecord } from './trial-record.js';

const NORMAL_EXITS: ReadonlySet<string> = new Set(NORMAL_EXIT_REASONS);

/** The benchmark whose verdict a task without a `verdict_of` label gets. */
const DEFAULT_SOURCE = 'tau-bench';

/**
 * The source benchmark's verdict on one trial: `pass`, `fail`, or
 * `unmeasured` when a check it needs was not made (a judge rubric in a run
 * without `--judge`).
 *
 * By default tau-bench's: valid, ended normally, the outcome passed and the
 * facts were said, process constraints (consent, preconditions, scope)
 * ignored. A task labelled `verdict_checks` (written by `endstate import
 * tau2` from tau2's `reward_basis`) is judged on those checks alone: a
 * comma-separated list of groups, one per reward component, each a
 * `|`-separated list of check-id prefixes (`expect.changes|expect.unchanged,judge`).
 * A group needs at least one check of its prefixes, and all of them passed.
 */
export function sourceVerdict(trial: TrialRecord): 'pass' | 'fail' | 'unmeasured' {
  if (!trial.valid || !NORMAL_EXITS.has(trial.exit_reason)) return 'fail';
  const declared = trial.labels.verdict_checks;
  if (declared === undefined) {
    const { outcome, response } = trial.grades;
    return outcome?.pass === true && (response === undefined || response.pass) ? 'pass' : 'fail';
  }
  const checks = Object.values(trial.grades).flatMap((grade) => grade.checks);
  let verdict: 'pass' | 'fail' | 'unmeasured' = 'pass';
  for (const group of declared.split(',')) {
    const prefixes = group
      .split('|')
      .map((prefix) => prefix.trim())
      .filter((prefix) => prefix !== '');
    if (prefixes.length === 0) continue;
    const named = checks.filter(({ id }) =>
      prefixes.some((prefix) => id === prefix || id.startsWith(`${prefix}[`)),
    );
    if (named.some((check) => !check.pass)) return 'fail';
    if (named.length === 0) verdict = 'unmeasured';
  }
  return verdict;
}

/** The source benchmark's verdict passed (see `sourceVerdict`). */
export function isOutcomeOnlySuccess(trial: TrialRecord): boolean {
  return sourceVerdict(trial) === 'pass';
}

/**
 * Whose verdict the outcome-only figure is: the `verdict_of` label of the
 * trials' tasks (`tau2` for an imported tau2 suite), tau-bench's where a
 * task has none; several names, comma-separated in order of first
 * appearance, when the tasks come from several benchmarks.
 */
export function verdictSources(trials: readonly TrialRecord[]): string {
  const sources = new Set(trials.map((trial) => trial.labels.verdict_of ?? DEFAULT_SOURCE));
  return sources.size === 0 ? DEFAULT_SOURCE : [...sources].join(', ');
}
