import type { TrialRecord } from '../schema/index.js';
import { mean } from '../stats/index.js';

/** Constraint checks that passed out of those made. */
export interface PassTally {
  readonly passed: number;
  readonly checks: number;
  readonly rate: number;
}

/**
 * Pass rates of the process constraints over valid trials. A check is one
 * declared constraint of a task judged in one trial, so a task with three
 * constraints run eight times makes 24 checks.
 */
export interface ConstraintSummary {
  /** Pooled: passed checks / all checks. Kinds with many checks weigh more. */
  readonly micro: PassTally;
  /**
   * The mean over constraint kinds of each kind's pass rate (`by_kind`):
   * each kind weighs the same however many checks it has, so a rarely
   * declared kind that often fails is not drowned by a common one.
   */
  readonly macro: { readonly rate: number; readonly kinds: number };
  /** Kind (`forbid`, `before`, `consent`, `scope`, `max_identical_calls`) → its tally. */
  readonly by_kind: Readonly<Record<string, PassTally>>;
}

const tally = (passed: number, checks: number): PassTally => ({
  passed,
  checks,
  rate: passed / checks,
});

/**
 * Micro and macro pass rates of the constraint checks in valid trials;
 * null when no valid trial had a constraint. Macro averages over kinds
 * rather than over constraint ids, because ids (`constraints[0]`) are
 * positions within one task and mean nothing across tasks.
 *
 * @example
 * // 9 of 10 consent checks and 1 of 2 scope checks passed:
 * // micro 10/12 = 0.833, macro (0.9 + 0.5) / 2 = 0.7
 */
export function summariseConstraints(valid: readonly TrialRecord[]): ConstraintSummary | null {
  const counts = new Map<string, { passed: number; checks: number }>();
  for (const trial of valid) {
    for (const check of trial.constraints) {
      const entry = counts.get(check.kind) ?? { passed: 0, checks: 0 };
      entry.checks++;
      if (check.pass) entry.passed++;
      counts.set(check.kind, entry);
    }
  }
  if (counts.size === 0) return null;
  const byKind = Object.fromEntries(
    [...counts]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([kind, { passed, checks }]) => [kind, tally(passed, checks)]),
  );
  const kinds = Object.values(byKind);
  return {
    micro: tally(
      kinds.reduce((sum, kind) => sum + kind.passed, 0),
      kinds.reduce((sum, kind) => sum + kind.checks, 0),
    ),
    macro: { rate: mean(kinds.map((kind) => kind.rate)), kinds: kinds.length },
    by_kind: byKind,
  };
}
