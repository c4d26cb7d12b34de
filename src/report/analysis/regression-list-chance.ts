import { boschlooExactTest, stratumNull } from '../../stats/index.js';
import type { TaskCounts } from './comparison.js';
import { TASK_CHANGE_ALPHA } from './task-changes.js';

/** Boschloo's p by table: a suite's tasks share few tables, and each costs a search. */
const pCache = new Map<string, number>();
const MAX_CACHED = 10_000;

function pOf(a: number, trialsA: number, b: number, trialsB: number): number {
  const key = `${a}/${trialsA}:${b}/${trialsB}`;
  let p = pCache.get(key);
  if (p === undefined) {
    p = boschlooExactTest({ successes: a, trials: trialsA }, { successes: b, trials: trialsB }).p;
    if (pCache.size >= MAX_CACHED) pCache.clear();
    pCache.set(key, p);
  }
  return p;
}

/**
 * Past this many trials in a task (both sides), Boschloo's search over its
 * possible counts is too slow to run for the bound, and the list is assumed
 * to take {@link ASSUMED_CHANCE}.
 */
const MAX_POOLED_TRIALS = 40;

/** Half the list's two-sided family-wise rate: what its regressions alone approach with many trials. */
export const ASSUMED_CHANCE = TASK_CHANGE_ALPHA / 2;

/** The bound, or the share assumed past {@link MAX_POOLED_TRIALS} trials in a task. */
export interface RegressionListChance {
  readonly chance: number;
  readonly method: 'exact-bound' | 'assumed';
}

interface StratumOutcomes {
  /** P(p ≥ α/m): the task cannot carry Holm's first step. */
  readonly quiet: number;
  /** P(the task regresses with p < α): it could be listed regressed. */
  readonly regressing: number;
  /** P(quiet and not regressing). */
  readonly neither: number;
}

/**
 * An upper bound on the chance that the per-task list names some task
 * `regressed` when A and B share one rate on every one of these tasks,
 * conditional on each task's pooled successes (B's count is then
 * hypergeometric, independently across tasks). Holm lists a task only
 * when the smallest p of all is below α/m and its own p is below α, so
 * the list shows a regression only if (some task has p < α/m) and (some
 * task falls with p < α); with independent tasks that chance is exact:
 *
 *   P(B) − P(no p < α/m and B),   B = some task falls with p < α,
 *   P(B) = 1 − Π(1 − r_j),  P(no p < α/m and B) = Π q_j − Π n_j
 *
 * (r_j: task j falls with p < α; q_j: p_j ≥ α/m; n_j: both q_j and not r_j).
 * The gate spends this much of its 2.5% on the list, and the rest on its
 * test of the mean. Past 40 trials in a task the chance is not worked out
 * (Boschloo's search over every count is too slow) and is taken to be
 * {@link ASSUMED_CHANCE}, what the list's regressions approach with many
 * trials.
 */
export function regressionListChance(
  tasks: readonly { readonly a: TaskCounts; readonly b: TaskCounts }[],
): RegressionListChance {
  if (tasks.length === 0) return { chance: 0, method: 'exact-bound' };
  if (tasks.some(({ a, b }) => a.trials + b.trials > MAX_POOLED_TRIALS)) {
    return { chance: ASSUMED_CHANCE, method: 'assumed' };
  }
  const firstStep = TASK_CHANGE_ALPHA / tasks.length;
  const outcomes = tasks.map(({ a, b }): StratumOutcomes => {
    const pooled = a.successes + b.successes;
    const { low, probabilities } = stratumNull({
      successesA: a.successes,
      trialsA: a.trials,
      successesB: b.successes,
      trialsB: b.trials,
    });
    let quiet = 0;
    let regressing = 0;
    let neither = 0;
    const visit = (offset: number): boolean => {
      const x = low + offset;
      const probability = probabilities[offset]!;
      const p = pOf(pooled - x, a.trials, x, b.trials);
      const falls = x / b.trials < (pooled - x) / a.trials && p < TASK_CHANGE_ALPHA;
      if (p >= firstStep) quiet += probability;
      if (falls) regressing += probability;
      if (p >= firstStep && !falls) neither += probability;
      return p < TASK_CHANGE_ALPHA;
    };
    // Boschloo's p grows with Fisher's, which grows towards the mode from
    // either end: walk in from both ends while p < α; every count between
    // has p ≥ α, so it is quiet and does not fall.
    let first = 0;
    while (first < probabilities.length && visit(first)) first += 1;
    let last = probabilities.length - 1;
    while (last > first && visit(last)) last -= 1;
    for (let offset = first + 1; offset < last; offset += 1) {
      quiet += probabilities[offset]!;
      neither += probabilities[offset]!;
    }
    return { quiet, regressing, neither };
  });
  const product = (pick: (outcome: StratumOutcomes) => number): number =>
    outcomes.reduce((value, outcome) => value * pick(outcome), 1);
  const anyFalls = 1 - product((outcome) => 1 - outcome.regressing);
  const chance = anyFalls - (product((o) => o.quiet) - product((o) => o.neither));
  return { chance: Math.min(1, Math.max(0, chance)), method: 'exact-bound' };
}
