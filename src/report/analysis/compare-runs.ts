import { deriveSeed } from '../../core/index.js';
import type { RunRecord, TrialRecord } from '../../schema/index.js';
import { mcnemarExact, mean, signFlipPermutationTest } from '../../stats/index.js';
import { checkTaskWeights, taskWeight } from './check-task-weights.js';
import { isOutcomeOnlySuccess } from '../../schema/index.js';
import { checkComparable } from './check-comparable.js';
import type { RunTrials } from './check-comparable.js';
import type {
  ComparedRun,
  Comparison,
  ComparisonWeighting,
  TaskComparison,
  TaskCounts,
} from './comparison.js';
import { pairedDifference, unequalWeights } from './paired-difference.js';
import { systemDifferences } from './system-differences.js';
import { describeSettingDifferences, runSettings, settingDifferences } from './run-settings.js';
import type { SettingDifference } from './run-settings.js';
import { TASK_CHANGE_ALPHA, taskChanges } from './task-changes.js';
import { comparisonGate, theseTasksDifference } from './these-tasks-difference.js';
import { comparisonNotes, fallbackNotes } from '../rendering/comparison-notes.js';
import { regressionListChance } from './regression-list-chance.js';
import { agentLabel } from './agent-label.js';

export interface CompareRunsOptions {
  /** Seed of the sign-flip test's Monte Carlo resamples; default derived from both run ids. */
  readonly seed?: number;
  /** Monte Carlo resamples of the sign-flip test past its exact limit; default 100 000. */
  readonly resamples?: number;
}

interface TaskTally {
  successes: number;
  outcomeSuccesses: number;
  trials: number;
  /** Every attempt's cost, invalid ones included; null once one is unknown (an unpriced model). */
  costUsd: number | null;
}

function tallyByTask(trials: readonly TrialRecord[]): Map<string, TaskTally> {
  const tallies = new Map<string, TaskTally>();
  for (const trial of trials) {
    const tally = tallies.get(trial.task_id) ?? {
      successes: 0,
      outcomeSuccesses: 0,
      trials: 0,
      costUsd: 0,
    };
    const cost = trial.usage.cost_usd;
    tally.costUsd = tally.costUsd === null || cost === null ? null : tally.costUsd + cost;
    if (trial.valid) {
      tally.trials += 1;
      if (trial.success) tally.successes += 1;
      if (isOutcomeOnlySuccess(trial)) tally.outcomeSuccesses += 1;
    }
    tallies.set(trial.task_id, tally);
  }
  return tallies;
}

const countsOf = ({ successes, outcomeSuccesses, trials }: TaskTally): TaskCounts => ({
  successes,
  trials,
  success_rate: successes / trials,
  outcome_successes: outcomeSuccesses,
});

const EMPTY_TALLY: TaskTally = { successes: 0, outcomeSuccesses: 0, trials: 0, costUsd: 0 };

function summariseSide(
  run: RunRecord,
  tallies: ReadonlyMap<string, TaskTally>,
  paired: readonly string[],
): ComparedRun {
  const counted = paired.map((taskId) => tallies.get(taskId) ?? EMPTY_TALLY);
  const rates = counted.map((tally) => tally.successes / tally.trials);
  const weights = paired.map((taskId) => taskWeight(run, taskId));
  const isEqual = weights.every((weight) => weight === weights[0]);
  const totalWeight = weights.reduce((sum, weight) => sum + weight, 0);
  const successes = counted.reduce((sum, tally) => sum + tally.successes, 0);
  const totalUsd = counted.reduce<number | null>(
    (sum, tally) => (sum === null || tally.costUsd === null ? null : sum + tally.costUsd),
    0,
  );
  return {
    run_id: run.run_id,
    status: run.status,
    created_at: run.created_at,
    suite_hash: run.suite.hash,
    system_hash: run.system_hash,
    agent: agentLabel(run.system),
    system: run.system,
    trials_per_task: run.trials_per_task,
    success_rate: isEqual
      ? mean(rates)
      : rates.reduce((sum, rate, i) => sum + (weights[i]! / totalWeight) * rate, 0),
    successes,
    trials: counted.reduce((sum, tally) => sum + tally.trials, 0),
    cost: {
      total_usd: totalUsd,
      per_success_usd: totalUsd === null || successes === 0 ? null : totalUsd / successes,
    },
  };
}

/** Tasks of both runs with valid trials on both sides (A's order), and the rest by reason. */
function pairTasks(
  a: RunRecord,
  b: RunRecord,
  talliesA: ReadonlyMap<string, TaskTally>,
  talliesB: ReadonlyMap<string, TaskTally>,
) {
  const inA = new Set(a.suite.task_ids);
  const inB = new Set(b.suite.task_ids);
  const shared = a.suite.task_ids.filter((taskId) => inB.has(taskId));
  const hasValid = (tallies: ReadonlyMap<string, TaskTally>, taskId: string): boolean =>
    (tallies.get(taskId)?.trials ?? 0) > 0;
  const paired = shared.filter((id) => hasValid(talliesA, id) && hasValid(talliesB, id));
  const pairedSet = new Set(paired);
  return {
    paired,
    unpaired: {
      only_in_a: a.suite.task_ids.filter((taskId) => !inB.has(taskId)),
      only_in_b: b.suite.task_ids.filter((taskId) => !inA.has(taskId)),
      without_valid_trials: shared.filter((taskId) => !pairedSet.has(taskId)),
    },
  };
}

/** McNemar's exact test when every paired task has exactly one valid trial on each side. */
function mcnemarOf(tasks: readonly TaskComparison[]): Comparison['tests']['mcnemar'] {
  if (tasks.length === 0 || tasks.some((task) => task.a.trials !== 1 || task.b.trials !== 1)) {
    return null;
  }
  const aOnly = tasks.filter((task) => task.difference < 0).length;
  const bOnly = tasks.filter((task) => task.difference > 0).length;
  return { a_only: aOnly, b_only: bOnly, p: mcnemarExact(aOnly, bOnly).p };
}

/**
 * Run B against run A on the same suite, task by task. Each task both ran
 * (with valid trials on both sides) gives one difference, B's success rate
 * minus A's, so trials stay clustered within their task; the figures are
 * the mean difference with its paired t interval, the paired t-test
 * (primary) and an exact sign-flip permutation test beside it (exact
 * methods replace the t-test when it is degenerate: see pairedDifference),
 * the same for the outcome-only rates, the tasks whose own change is
 * significant (Boschloo's exact test, Holm-adjusted across tasks) apart from
 * those within noise, and each side's task-weighted success rate and cost
 * per success over the same tasks. Tasks only one run has, or without
 * valid trials on a side, are listed and left out.
 *
 * When the suite weighs its tasks unequally, the mean differences, their
 * intervals, the paired t-test and each side's success rate use the
 * weights (weighted mean, sandwich variance, t on Kish's effective number
 * of tasks: see weightedPairedTTest); the sign-flip, McNemar and per-task
 * tests weigh every task the same, and `weighting` says which is which.
 *
 * Refuses (`E_NOT_COMPARABLE`) runs of different suites, shared tasks run
 * at different revisions, and shared tasks whose weights differ. Pure: the
 * same records give the same comparison.
 *
 * @example
 * const comparison = compareRuns(
 *   { run: before, trials: await store.listTrials(before.run_id) },
 *   { run: after, trials: await store.listTrials(after.run_id) },
 * );
 * comparison.difference; // { value: -0.125, ci95: [-0.27, 0.02], method: 'paired-t', … }
 */
export function compareRuns(
  a: RunTrials,
  b: RunTrials,
  options: CompareRunsOptions = {},
): Comparison {
  const revisions = checkComparable(a, b);
  checkTaskWeights(a.run, b.run);
  const talliesA = tallyByTask(a.trials);
  const talliesB = tallyByTask(b.trials);
  const { paired, unpaired } = pairTasks(a.run, b.run, talliesA, talliesB);
  const counts = paired.map((taskId) => ({
    taskId,
    a: countsOf(talliesA.get(taskId) ?? EMPTY_TALLY),
    b: countsOf(talliesB.get(taskId) ?? EMPTY_TALLY),
  }));
  const verdicts = taskChanges(counts);
  const tasks = counts.map(({ taskId, a: countsA, b: countsB }, index) => ({
    task_id: taskId,
    revision: revisions.get(taskId) ?? null,
    weight: taskWeight(b.run, taskId),
    a: countsA,
    b: countsB,
    difference: countsB.success_rate - countsA.success_rate,
    outcome_difference:
      countsB.outcome_successes / countsB.trials - countsA.outcome_successes / countsA.trials,
    ...(verdicts[index] ?? { p: Number.NaN, p_adjusted: Number.NaN, change: 'unchanged' as const }),
  }));
  const seed = options.seed ?? deriveSeed('compare', a.run.run_id, b.run.run_id);
  const figures = pairedFigures(tasks, { ...options, seed });
  const weighting = weightingOf(tasks);
  const settings = settingDifferences(runSettings(a.run, a.trials), runSettings(b.run, b.trials));
  return {
    suite: { name: b.run.suite.name, same_hash: a.run.suite.hash === b.run.suite.hash },
    a: summariseSide(a.run, talliesA, paired),
    b: summariseSide(b.run, talliesB, paired),
    system_differences: systemDifferences(a.run.system, b.run.system),
    setting_differences: settings,
    tasks,
    unpaired,
    ...figures,
    these_tasks: {
      difference: theseTasksDifference(tasks, { seed, successes: (side) => side.successes }),
      outcome_difference: theseTasksDifference(tasks, {
        seed,
        successes: (side) => side.outcome_successes,
      }),
    },
    gate: comparisonGate(tasks.length, regressionListChance(tasks)),
    changes: changesOf(tasks),
    weighting,
    notes: [
      ...settingNotes(settings),
      ...comparisonNotes(a.run, b.run, tasks, weighting),
      ...fallbackNotes(figures),
    ],
  };
}

/**
 * Settings the runs differ in that move B − A. The suite's hash has a note
 * of its own, and tasks only one run played are left out of the pairing
 * (and listed), so neither moves it.
 */
const PAIRING_HANDLES: ReadonlySet<string> = new Set(['suite_hash', 'tasks']);

function settingNotes(differences: readonly SettingDifference[]): string[] {
  const named = differences.filter((difference) => !PAIRING_HANDLES.has(difference.setting));
  return named.length === 0
    ? []
    : [
        `the runs were played under different settings: ${describeSettingDifferences(named)}; B − A measures them as well as any change of system`,
      ];
}

function changesOf(tasks: readonly TaskComparison[]): Comparison['changes'] {
  const ids = (change: TaskComparison['change']): string[] =>
    tasks.filter((task) => task.change === change).map((task) => task.task_id);
  return {
    method: 'boschloo-exact-holm',
    alpha: TASK_CHANGE_ALPHA,
    improved: ids('improved'),
    regressed: ids('regressed'),
    within_noise: ids('within-noise'),
    unchanged: ids('unchanged'),
  };
}

/** The mean differences with their intervals, and the paired tests, over one difference per task. */
function pairedFigures(
  tasks: readonly TaskComparison[],
  options: CompareRunsOptions & { seed: number },
): Pick<Comparison, 'difference' | 'outcome_difference' | 'tests'> {
  const trials = (task: TaskComparison) => ({
    trialsA: task.a.trials,
    trialsB: task.b.trials,
    weight: task.weight,
  });
  const success = pairedDifference(
    tasks.map((task) => ({ difference: task.difference, ...trials(task) })),
    options,
  );
  const outcome = pairedDifference(
    tasks.map((task) => ({ difference: task.outcome_difference, ...trials(task) })),
    options,
  );
  const signFlip = signFlipPermutationTest(
    tasks.map((task) => task.difference),
    {
      seed: options.seed,
      ...(options.resamples === undefined ? {} : { resamples: options.resamples }),
    },
  );
  const { tTest } = success;
  const isPairedT = success.difference.method === 'paired-t';
  return {
    difference: success.difference,
    outcome_difference: outcome.difference,
    tests: {
      primary: isPairedT ? 'paired_t' : 'sign_flip_hoeffding',
      paired_t:
        isPairedT && tasks.length > 0
          ? { t: tTest.t, degrees_of_freedom: tTest.degreesOfFreedom, p: tTest.p }
          : null,
      sign_flip: {
        p: signFlip.p,
        method: signFlip.method,
        changed_tasks: signFlip.nonZero,
        sign_patterns: signFlip.signPatterns,
        seed: signFlip.method === 'exact' ? null : options.seed,
      },
      mcnemar: mcnemarOf(tasks),
    },
  };
}

const WEIGHTED_FIGURES = [
  'a.success_rate',
  'b.success_rate',
  'difference',
  'outcome_difference',
  'tests.paired_t',
];
const EQUAL_FIGURES = ['tests.sign_flip', 'tests.mcnemar', 'changes'];

function weightingOf(tasks: readonly TaskComparison[]): ComparisonWeighting {
  const weights = unequalWeights(tasks);
  if (weights === undefined) {
    return {
      method: 'equal',
      effective_tasks: tasks.length,
      weighted: [],
      equal: [...WEIGHTED_FIGURES, ...EQUAL_FIGURES],
    };
  }
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const squares = weights.reduce((sum, weight) => sum + weight ** 2, 0);
  return {
    method: 'suite',
    effective_tasks: total ** 2 / squares,
    weighted: WEIGHTED_FIGURES,
    equal: EQUAL_FIGURES,
  };
}
