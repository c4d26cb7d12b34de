import Table from 'cli-table3';
import type { Comparison, ComparedRun } from '../analysis/comparison.js';
import {
  changedTasks,
  changeText,
  gateBasis,
  intervalHow,
  POPULATION_ESTIMAND,
  theseTasks,
  theseTasksFigures,
  leftOut,
  points,
  pointsInterval,
  pValue,
  sideRate,
  taskRate,
  testsLine,
} from './comparison-figures.js';
import { perSuccessUsd } from './format-figures.js';
import { describeJudgeValidation } from '../analysis/judge-validation-status.js';
import { describeSettingDifferences } from '../analysis/run-settings.js';

/** Names shown before the rest are counted. */
const MAX_NAMES = 8;

function names(ids: readonly string[]): string {
  const shown = ids.slice(0, MAX_NAMES).join(', ');
  return ids.length > MAX_NAMES ? `${shown} … (+${ids.length - MAX_NAMES})` : shown;
}

function runLine(label: 'A' | 'B', side: ComparedRun): string {
  const status = side.status === 'finished' ? '' : ` · ${side.status}`;
  return `${label}  ${side.run_id}  ${side.agent} · system ${side.system_hash.slice(0, 12)} · ${side.trials_per_task} trial(s)/task${status}`;
}

function headLines(c: Comparison): string[] {
  const differences = c.system_differences;
  const settings = c.setting_differences;
  const system =
    differences.length === 0 ? '   same system spec' : `   systems differ in ${names(differences)}`;
  return [
    `endstate compare · suite ${c.suite.name} · ${c.difference.tasks} task(s) paired`,
    runLine('A', c.a),
    runLine('B', c.b),
    settings.length === 0
      ? system
      : `${system}${differences.length === 0 ? ', but' : '; and'} the runs differ in ${settings.map((difference) => difference.setting).join(', ')}`,
    ...(settings.length === 0 ? [] : [`   settings ${describeSettingDifferences(settings)}`]),
  ];
}

function taskLine({ changes }: Comparison): string {
  const listed = (count: number, label: string, ids: readonly string[]): string =>
    `${count} ${label}${ids.length > 0 ? ` (${names(ids)})` : ''}`;
  return [
    `Tasks       ${listed(changes.regressed.length, 'regressed', changes.regressed)}`,
    listed(changes.improved.length, 'improved', changes.improved),
    `${changes.within_noise.length} within noise · ${changes.unchanged.length} unchanged`,
  ].join(' · ');
}

function figureLines(c: Comparison): string[] {
  const { difference: d, outcome_difference: outcome, tests } = c;
  const mcnemar = tests.mcnemar;
  const left = leftOut(c);
  return [
    `Success     A ${sideRate(c.a)}  →  B ${sideRate(c.b)}  (${c.weighting.method === 'suite' ? 'weighted by the suite' : 'task-weighted'} over ${d.tasks} paired task(s))`,
    `Difference  B − A ${points(d.value)}  95% CI ${pointsInterval(d.ci95)} pts  (${intervalHow(d, c.weighting)})`,
    `            estimand: ${POPULATION_ESTIMAND}`,
    `p-value     ${testsLine(c, pValue)}`,
    `These tasks ${theseTasksFigures(c.these_tasks.difference, pValue)}`,
    `            estimand: the mean over ${theseTasks(c.these_tasks.difference)} of B's true success rate − A's (only the trials random)`,
    `Gate        ${gateBasis(c)}`,
    ...(mcnemar === null
      ? []
      : [
          `McNemar     ${pValue(mcnemar.p)} (one trial per task: ${mcnemar.a_only} passed by A only, ${mcnemar.b_only} by B only)`,
        ]),
    `Outcome     B − A ${points(outcome.value)}  95% CI ${pointsInterval(outcome.ci95)} pts  (state and facts only, constraints ignored; task population) · on these tasks ${points(c.these_tasks.outcome_difference.value)} 95% CI ${pointsInterval(c.these_tasks.outcome_difference.ci95)} pts`,
    taskLine(c),
    `            (each task on its own trials: Boschloo's exact test, Holm-adjusted across tasks, ${Math.round(c.changes.alpha * 100)}% family-wise)`,
    `Cost        per success A ${perSuccessUsd(c.a.cost)} (${c.a.successes} successes) · B ${perSuccessUsd(c.b.cost)} (${c.b.successes} successes)`,
    ...(left.length === 0
      ? []
      : [`Left out    ${left.map(([why, ids]) => `${why}: ${names(ids)}`).join(' · ')}`]),
    ...judgeLines(c),
    ...c.notes.map((note) => `note: ${note}`),
  ];
}

/** One line per side's judge model and rubric: validated, or unvalidated. */
function judgeLines({ judge_validation: judged }: Comparison): string[] {
  if (judged === undefined) return [];
  return (['a', 'b'] as const).flatMap((side) =>
    judged[side].map(
      (status) => `Judge ${side.toUpperCase()}     ${describeJudgeValidation(status)}`,
    ),
  );
}

/** The comparison as plain text for a terminal: headline figures, then the tasks that changed. */
export function renderComparisonTerminal(c: Comparison): string {
  const lines = [...headLines(c), '', ...figureLines(c)];
  const changed = changedTasks(c);
  if (changed.length === 0) {
    if (c.tasks.length > 0) lines.push('', `No task changed its success rate.`);
    return lines.join('\n');
  }
  const table = new Table({
    head: ['task', 'rev', 'A', 'B', 'B − A', 'p (Holm)', 'change'],
    style: { head: [], border: [], compact: true },
  });
  for (const task of changed) {
    table.push([
      task.task_id,
      task.revision === null ? '—' : String(task.revision),
      taskRate(task.a),
      taskRate(task.b),
      points(task.difference),
      pValue(task.p_adjusted),
      changeText(task.change),
    ]);
  }
  const unchanged = c.tasks.length - changed.length;
  lines.push(
    '',
    `Tasks whose rate changed (${changed.length} of ${c.tasks.length}, worst first; ${unchanged} unchanged not shown)`,
    table.toString(),
  );
  return lines.join('\n');
}
