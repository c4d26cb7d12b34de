import type { RunRecord } from '../../schema/index.js';
import type { Comparison, ComparisonWeighting, TaskComparison } from '../analysis/comparison.js';
import { POPULATION_GATE_TASKS } from '../analysis/these-tasks-difference.js';

/** Up to this many paired tasks the task-population interval is rough (docs/statistics.md). */
const FEW_TASKS = POPULATION_GATE_TASKS;

/** Why the paired t-test was set aside, for the success and outcome-only differences. */
export function fallbackNotes({
  difference,
  outcome_difference: outcome,
}: Pick<Comparison, 'difference' | 'outcome_difference'>): string[] {
  const interval = "the inverted sign-flip test widened to Hoeffding's bound over the trials";
  return [
    ...(difference.fallback_reason === null
      ? []
      : [
          `no paired t-test: ${difference.fallback_reason}; the interval is ${interval}, and p the larger of the exact sign-flip test's and Hoeffding's (so they agree)`,
        ]),
    ...(outcome.fallback_reason === null || difference.fallback_reason !== null
      ? []
      : [
          `outcome rates, no paired t-test: ${outcome.fallback_reason}; their interval is ${interval}`,
        ]),
  ];
}

/** What a reader should know before trusting the figures (unfinished runs, few tasks, a changed suite). */
export function comparisonNotes(
  a: RunRecord,
  b: RunRecord,
  tasks: readonly TaskComparison[],
  weighting: ComparisonWeighting,
): string[] {
  const pairedTasks = tasks.length;
  const notes: string[] = [];
  if (a.run_id === b.run_id) notes.push(`A and B are the same run (${a.run_id})`);
  for (const [side, run] of [
    ['A', a],
    ['B', b],
  ] as const) {
    if (run.status !== 'finished') {
      notes.push(`run ${side} (${run.run_id}) is ${run.status}: only its stored trials count`);
    }
  }
  if (a.suite.hash !== b.suite.hash) {
    notes.push(
      `the suite's files changed between the runs (${a.suite.hash.slice(0, 12)} → ${b.suite.hash.slice(0, 12)}); the tasks they share ran the same revisions`,
    );
  }
  if (a.trials_per_task !== b.trials_per_task) {
    notes.push(
      `A ran ${a.trials_per_task} and B ${b.trials_per_task} trial(s) per task: each task's difference is still one pair, but its noise differs by side`,
    );
  }
  if (weighting.method === 'suite') {
    notes.push(
      `the suite weighs its tasks unequally (${weighting.effective_tasks.toFixed(1)} effective of ${pairedTasks} paired tasks): the success rates, the mean differences and the paired t-test use its weights; the sign-flip, McNemar and per-task tests weigh every task the same`,
    );
  }
  if (pairedTasks === 0) notes.push('no task has valid trials in both runs: nothing to compare');
  else if (pairedTasks <= FEW_TASKS) {
    const coverage =
      'it covered 87–91% in simulations at 5–10 tasks where a few tasks drop a lot near the ceiling';
    notes.push(
      pairedTasks < FEW_TASKS
        ? `only ${pairedTasks} paired task(s): the interval over the task population is rough (${coverage}); the interval and exact test on these ${pairedTasks} tasks are shown beside it`
        : `only ${pairedTasks} paired tasks: the interval over the task population may cover less than 95% (${coverage}); the interval on these ${pairedTasks} tasks is shown beside it`,
    );
  }
  return notes;
}
