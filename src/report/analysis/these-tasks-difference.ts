import { stratifiedDifferenceInterval, stratifiedPermutationTest } from '../../stats/index.js';
import type { StratumCounts } from '../../stats/index.js';
import type { ComparisonGate, TaskComparison, TheseTasksDifference } from './comparison.js';
import { unequalWeights } from './paired-difference.js';
import type { RegressionListChance } from './regression-list-chance.js';

/**
 * From this many paired tasks on, the gate reads the task-population
 * interval; below it, the tasks' own trials (see ComparisonGate).
 */
export const POPULATION_GATE_TASKS = 10;

/** The one-sided level of the gate (a two-sided 95% interval's upper end). */
export const GATE_ALPHA = 0.025;

/**
 * The mean B − A difference on exactly these tasks: the MOVER–Wilson
 * interval and the exact stratified permutation test over their trials
 * (weighted as the suite weighs the tasks). Tasks are the strata; which
 * side of a task its successes fell on is what the test relabels.
 */
export function theseTasksDifference(
  tasks: readonly TaskComparison[],
  options: { seed: number; successes: (counts: TaskComparison['a']) => number },
): TheseTasksDifference {
  const strata: StratumCounts[] = tasks.map((task) => ({
    successesA: options.successes(task.a),
    trialsA: task.a.trials,
    successesB: options.successes(task.b),
    trialsB: task.b.trials,
  }));
  const weights = unequalWeights(tasks);
  const weighting = weights === undefined ? {} : { weights };
  const interval = stratifiedDifferenceInterval(strata, weighting);
  const test = stratifiedPermutationTest(strata, { seed: options.seed, ...weighting });
  return {
    estimand: 'these-tasks',
    tasks: tasks.length,
    value: tasks.length === 0 ? Number.NaN : interval.value,
    ci95: [interval.lower, interval.upper],
    interval_method: 'mover-wilson',
    test_method:
      test.method === 'exact'
        ? 'stratified-permutation-exact'
        : 'stratified-permutation-monte-carlo',
    p: test.p,
    p_worse: test.pWorse,
    p_better: test.pBetter,
  };
}

/**
 * Which difference the gate reads with this many paired tasks, and why;
 * `list` is the share of the gate's level the per-task list takes (see
 * regressionListChance).
 */
export function comparisonGate(pairedTasks: number, list: RegressionListChance): ComparisonGate {
  // An exact bound leaves the test of the mean the rest of the level, so
  // equal systems fail at most alpha in all. An assumed share would leave
  // nothing; the test then keeps half, and the output says the total.
  const testAlpha =
    list.method === 'exact-bound'
      ? Math.max(0, GATE_ALPHA - list.chance)
      : Math.max(GATE_ALPHA / 2, GATE_ALPHA - list.chance);
  return {
    ...gateBasis(pairedTasks),
    alpha: GATE_ALPHA,
    list_alpha: list.chance,
    list_alpha_method: list.method,
    test_alpha: testAlpha,
  };
}

function gateBasis(pairedTasks: number): Pick<ComparisonGate, 'decided_by' | 'reason'> {
  if (pairedTasks >= POPULATION_GATE_TASKS) {
    return {
      decided_by: 'task-population',
      reason: `the task population (its one-sided test at margin 0, its 95% interval past a margin): ${pairedTasks} paired tasks`,
    };
  }
  const exactFloor = 2 / 2 ** pairedTasks;
  const why =
    exactFloor > 0.05
      ? `with ${pairedTasks} paired task(s), even all moving one way, the exact sign-flip test over the task population cannot reach 0.05 (its p is at least 2/2^${pairedTasks} = ${exactFloor.toFixed(3)})`
      : `with fewer than ${POPULATION_GATE_TASKS} paired tasks the interval over the task population is rough`;
  return {
    decided_by: 'these-tasks',
    reason: `these ${pairedTasks} tasks' own trials (the exact stratified permutation test at margin 0, their MOVER–Wilson interval past a margin): ${why}`,
  };
}
