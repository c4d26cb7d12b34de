import type { Grade } from '../../schema/index.js';
import { boundedMeanInterval, successRateInterval } from '../../stats/index.js';
import { weightOf } from './task-weight.js';
import type { TaskWeights } from './task-weight.js';

/** What the plan and partial-credit figures read of a trial: its task, success and grades. */
export interface TrialWithGrades {
  readonly task_id: string;
  readonly success: boolean;
  readonly grades: Readonly<Record<string, Grade>>;
}

/** A count of passes with its rate and a 95% interval clustered by task. */
export interface PlanRate {
  readonly passed: number;
  /** The denominator: checks (micro) or trials (macro). */
  readonly of: number;
  /** passed / of, pooled. */
  readonly rate: number;
  /** 95% interval of the mean over tasks of each task's rate, by the suite's task weights (the success-rate method). */
  readonly ci95: readonly [number, number];
}

/**
 * How agents' stated plans fared, over the valid trials whose task
 * declares a plan (`plan` in the task file).
 */
export interface PlanSummary {
  /** Valid trials graded for a plan: the denominator of `macro`. */
  readonly trials: number;
  readonly tasks: number;
  /** Trials in which the agent stated a plan where the task says to look. */
  readonly plans: number;
  /** Trials without one: they fail the plan (and so the trial), and make no plan checks. */
  readonly no_plan: number;
  /**
   * Micro: plan checks passed / plan checks made, over the trials with a
   * plan (a check is one declared constraint on one plan); null when no
   * plan was checked.
   */
  readonly micro: PlanRate | null;
  /** Macro: plans passing every check / trials graded for a plan (no plan counts as failing). */
  readonly macro: PlanRate;
  /**
   * Adherence: the mean over trials with a plan of how much of it the
   * calls carried out (task-weighted, with its clustered 95% interval);
   * null when no trial stated a plan.
   */
  readonly adherence: {
    readonly mean: number;
    readonly trials: number;
    readonly ci95: readonly [number, number];
  } | null;
}

type Tally = { passed: number; of: number };

function rateOf(byTask: ReadonlyMap<string, Tally>, weights: TaskWeights): PlanRate {
  const tasks = [...byTask.entries()];
  const passed = tasks.reduce((sum, [, task]) => sum + task.passed, 0);
  const of = tasks.reduce((sum, [, task]) => sum + task.of, 0);
  const interval = successRateInterval(
    tasks.map(([taskId, task]) => ({
      successes: task.passed,
      trials: task.of,
      weight: weightOf(weights, taskId),
    })),
  );
  return { passed, of, rate: passed / of, ci95: [interval.lower, interval.upper] };
}

function add(byTask: Map<string, Tally>, taskId: string, passed: number, of: number): void {
  const entry = byTask.get(taskId) ?? { passed: 0, of: 0 };
  entry.passed += passed;
  entry.of += of;
  byTask.set(taskId, entry);
}

/**
 * Micro and macro pass rates of agents' plans and the mean adherence of
 * execution to them, from the `plan` and `plan_adherence` grades of valid
 * trials; null when no trial has a plan grade.
 *
 * @example
 * // 3 trials: a plan passing its 2 checks, a plan passing 1 of 2, no plan:
 * // micro 3/4 = 0.75 (checks of the 2 plans), macro 1/3 (plans passing all, over trials)
 */
export function summarisePlans(
  valid: readonly TrialWithGrades[],
  weights: TaskWeights = {},
): PlanSummary | null {
  const graded = valid.filter((trial) => trial.grades['plan'] !== undefined);
  if (graded.length === 0) return null;
  const checksByTask = new Map<string, Tally>();
  const plansByTask = new Map<string, Tally>();
  const adherenceByTask = new Map<string, number[]>();
  let plans = 0;
  for (const trial of graded) {
    const grade = trial.grades['plan']!;
    add(plansByTask, trial.task_id, grade.pass ? 1 : 0, 1);
    const isFound = grade.checks.some((check) => check.id === 'plan.found' && check.pass);
    if (!isFound) continue;
    plans += 1;
    const checks = grade.checks.filter((check) => check.id !== 'plan.found');
    if (checks.length > 0) {
      add(checksByTask, trial.task_id, checks.filter((check) => check.pass).length, checks.length);
    }
    const adherence = trial.grades['plan_adherence']?.score;
    if (typeof adherence === 'number') {
      adherenceByTask.set(trial.task_id, [
        ...(adherenceByTask.get(trial.task_id) ?? []),
        adherence,
      ]);
    }
  }
  const adherence = boundedMeanInterval([...adherenceByTask.values()], {
    weights: [...adherenceByTask.keys()].map((taskId) => weightOf(weights, taskId)),
  });
  return {
    trials: graded.length,
    tasks: plansByTask.size,
    plans,
    no_plan: graded.length - plans,
    micro: checksByTask.size === 0 ? null : rateOf(checksByTask, weights),
    macro: rateOf(plansByTask, weights),
    adherence:
      adherence.trials === 0
        ? null
        : {
            mean: adherence.value,
            trials: adherence.trials,
            ci95: [adherence.lower, adherence.upper],
          },
  };
}
