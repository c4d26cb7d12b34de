import type { TrialRecord } from '../../schema/index.js';
import { checksOfRole } from '../../schema/index.js';
import { mean, successRateInterval } from '../../stats/index.js';
import { weightOf } from './task-weight.js';
import type { TaskWeights } from './task-weight.js';

/** Constraint checks that passed out of those made. */
export interface PassTally {
  readonly passed: number;
  readonly checks: number;
  /** passed / checks, pooled. */
  readonly rate: number;
  /** The mean over tasks of each task's pass rate, by the suite's task weights: what `ci95` is an interval of. */
  readonly task_rate: number;
  /**
   * 95% interval of `task_rate`, clustered by task (checks of one task are
   * not independent): the headline success-rate method, over each task's
   * passed/checks. It equals an interval of `rate` when every task makes
   * as many checks.
   */
  readonly ci95: readonly [number, number];
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
   * declared kind that often fails is not drowned by a common one. Not a
   * macro rate in the sense of plans (plans passing every check over
   * plans): an average of per-kind rates.
   */
  readonly kind_mean: { readonly rate: number; readonly kinds: number };
  /** Kind (`forbid`, `before`, `consent`, `scope`, `max_identical_calls`) → its tally. */
  readonly by_kind: Readonly<Record<string, PassTally>>;
}

/** Passed and made checks of one task. */
type TaskTally = { passed: number; checks: number };

function tally(byTask: ReadonlyMap<string, TaskTally>, weights: TaskWeights): PassTally {
  const tasks = [...byTask.entries()];
  const passed = tasks.reduce((sum, [, task]) => sum + task.passed, 0);
  const checks = tasks.reduce((sum, [, task]) => sum + task.checks, 0);
  const interval = successRateInterval(
    tasks.map(([taskId, task]) => ({
      successes: task.passed,
      trials: task.checks,
      weight: weightOf(weights, taskId),
    })),
  );
  return {
    passed,
    checks,
    rate: passed / checks,
    task_rate: interval.value,
    ci95: [interval.lower, interval.upper],
  };
}

function add(byTask: Map<string, TaskTally>, taskId: string, pass: boolean): void {
  const entry = byTask.get(taskId) ?? { passed: 0, checks: 0 };
  entry.checks++;
  if (pass) entry.passed++;
  byTask.set(taskId, entry);
}

/**
 * The pooled (micro) pass rate of the constraint checks in valid trials,
 * and the mean of the per-kind pass rates; null when no valid trial had a
 * constraint. The mean is over kinds rather than over constraint ids,
 * because ids (`constraints[0]`) are positions within one task and mean
 * nothing across tasks.
 *
 * @example
 * // 9 of 10 consent checks and 1 of 2 scope checks passed:
 * // micro 10/12 = 0.833, per-kind mean (0.9 + 0.5) / 2 = 0.7
 */
export function summariseConstraints(
  valid: readonly TrialRecord[],
  weights: TaskWeights = {},
): ConstraintSummary | null {
  const byKindAndTask = new Map<string, Map<string, TaskTally>>();
  const allByTask = new Map<string, TaskTally>();
  for (const trial of valid) {
    for (const check of checksOfRole(trial, 'constraint')) {
      const byTask = byKindAndTask.get(check.kind) ?? new Map<string, TaskTally>();
      add(byTask, trial.task_id, check.pass);
      byKindAndTask.set(check.kind, byTask);
      add(allByTask, trial.task_id, check.pass);
    }
  }
  if (byKindAndTask.size === 0) return null;
  const byKind = Object.fromEntries(
    [...byKindAndTask]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([kind, byTask]) => [kind, tally(byTask, weights)]),
  );
  const kinds = Object.values(byKind);
  return {
    micro: tally(allByTask, weights),
    kind_mean: { rate: mean(kinds.map((kind) => kind.rate)), kinds: kinds.length },
    by_kind: byKind,
  };
}
