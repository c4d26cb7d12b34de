import type { Comparison } from '../analysis/comparison.js';
import {
  changedTasks,
  changeText,
  gateBasis,
  theseTasks,
  leftOut,
  pairedTHow,
  points,
  pIs,
  pointsInterval,
  pValue,
  sideRate,
  signFlipHow,
  taskRate,
  weightingWord,
} from './comparison-figures.js';
import { escapeMarkdown, markdownCode } from './escape-markdown.js';
import { perSuccessUsd } from './format-figures.js';
import { describeJudgeValidation } from '../analysis/judge-validation-status.js';

/** A table cell: pipes escaped and line breaks flattened, so the row keeps its columns. */
const cell = (text: string): string => text.replace(/\r?\n|\r/g, ' ').replace(/\|/g, '\\|');
const code = markdownCode;
const row = (cells: readonly string[]): string => `| ${cells.map(cell).join(' | ')} |`;

/** Rows of the per-task table, at most (default). */
const MAX_TASKS = 25;

function headlineTable(c: Comparison): string[] {
  const d = c.difference;
  return [
    row(['', 'A', 'B', 'B − A']),
    '| --- | --- | --- | ---: |',
    row(['run', code(c.a.run_id), code(c.b.run_id), '']),
    row(['agent', code(c.a.agent), code(c.b.agent), '']),
    row([
      `success (${d.tasks} paired tasks, ${weightingWord(c)})`,
      sideRate(c.a),
      sideRate(c.b),
      `**${points(d.value)}** (95% CI ${pointsInterval(d.ci95)}${d.method === 'paired-t' ? '' : ', exact'}; task population)`,
    ]),
    row([
      `success on ${theseTasks(c.these_tasks.difference)} (their trials only)`,
      '',
      '',
      `${points(c.these_tasks.difference.value)} (95% CI ${pointsInterval(c.these_tasks.difference.ci95)}; MOVER–Wilson)`,
    ]),
    row([
      'outcome only (constraints ignored)',
      '',
      '',
      `${points(c.outcome_difference.value)} (95% CI ${pointsInterval(c.outcome_difference.ci95)}; task population; on these tasks ${pointsInterval(c.these_tasks.outcome_difference.ci95)})`,
    ]),
    row(['cost per success', perSuccessUsd(c.a.cost), perSuccessUsd(c.b.cost), '']),
  ];
}

/** The fixed-task test, what each interval is about, and which the gate reads. */
function estimandLines(c: Comparison): string[] {
  const these = c.these_tasks.difference;
  return [
    `On ${theseTasks(these)}: stratified permutation test (trials relabelled within each task) ${pIs(these.p)}, B worse one-sided ${pIs(these.p_worse)}.  `,
    `_Task population_: the tasks read as a sample of those the suite stands for. _${theseTasks(these)}_: the mean over exactly these tasks of B's true success rate − A's, only the trials random.  `,
    `${escapeMarkdown(gateBasis(c))}.`,
  ];
}

function testLine({ difference, tests }: Comparison): string {
  const mcnemar =
    tests.mcnemar === null
      ? ''
      : ` · McNemar ${pIs(tests.mcnemar.p)} (${tests.mcnemar.a_only} A-only, ${tests.mcnemar.b_only} B-only)`;
  if (tests.paired_t === null) {
    return `**${pIs(difference.p)}** (exact sign-flip and Hoeffding, the larger of the two, agreeing with the interval; primary: the paired t-test does not apply) · sign-flip permutation ${pIs(tests.sign_flip.p)} (${signFlipHow(tests)})${mcnemar}`;
  }
  return `**${pIs(difference.p)}** (paired t, ${pairedTHow(tests.paired_t)}; primary) · sign-flip permutation ${pIs(tests.sign_flip.p)} (${signFlipHow(tests)})${mcnemar}`;
}

function changeLines({ changes }: Comparison): string[] {
  const list = (ids: readonly string[]): string => ids.map(code).join(', ');
  return [
    ...(changes.regressed.length === 0
      ? []
      : [`**Regressed (${changes.regressed.length}):** ${list(changes.regressed)}  `]),
    ...(changes.improved.length === 0
      ? []
      : [`**Improved (${changes.improved.length}):** ${list(changes.improved)}  `]),
    `${changes.regressed.length + changes.improved.length === 0 ? 'No task changed beyond the noise of its trials' : 'Listed: changed beyond the noise of their trials'} (Boschloo's exact test per task, Holm-adjusted, ${Math.round(changes.alpha * 100)}% family-wise); ${changes.within_noise.length} within noise, ${changes.unchanged.length} unchanged.`,
  ];
}

/** One line per side's judge model and rubric, an unvalidated one with a warning sign. */
function judgeLines({ judge_validation: judged }: Comparison): string[] {
  if (judged === undefined) return [];
  const lines = (['a', 'b'] as const).flatMap((side) =>
    judged[side].map(
      (status) =>
        `${side.toUpperCase()}: ${status.validation === null ? '⚠️ ' : ''}${escapeMarkdown(describeJudgeValidation(status))}  `,
    ),
  );
  return ['', ...lines];
}

function taskTable(c: Comparison, maxTasks: number): string[] {
  const changed = changedTasks(c);
  if (changed.length === 0) return [];
  const shown = changed.slice(0, maxTasks);
  return [
    '',
    `<details><summary>${changed.length} of ${c.tasks.length} tasks changed (worst first)</summary>`,
    '',
    row(['task', 'A', 'B', 'B − A', 'p (Holm)', 'change']),
    '| --- | ---: | ---: | ---: | ---: | --- |',
    ...shown.map((task) =>
      row([
        code(task.task_id),
        taskRate(task.a),
        taskRate(task.b),
        points(task.difference),
        pValue(task.p_adjusted),
        changeText(task.change),
      ]),
    ),
    ...(changed.length > shown.length ? ['', `_…and ${changed.length - shown.length} more._`] : []),
    '',
    '</details>',
  ];
}

/** The settings the runs differ in, each with A's and B's value. */
function settingLines({ system_differences: system, setting_differences: settings }: Comparison) {
  if (settings.length === 0) return [];
  return [
    '',
    `${system.length === 0 ? 'Same system spec, but the' : 'The'} runs differ in ${settings.map((difference) => code(difference.setting)).join(', ')}:`,
    '',
    ...settings.map(
      (difference) =>
        `- ${code(difference.setting)}: A ${escapeMarkdown(difference.a)} · B ${escapeMarkdown(difference.b)}`,
    ),
  ];
}

/**
 * The comparison as compact GitHub-flavoured Markdown for a pull-request
 * comment: both runs side by side, the difference with its interval and
 * p-values, the tasks that changed beyond noise, and every changed task
 * folded away.
 */
export function renderComparisonMarkdown(
  c: Comparison,
  options: { maxTasks?: number } = {},
): string {
  const differences = c.system_differences;
  const left = leftOut(c)
    .map(([why, taskIds]) => `${why}: ${taskIds.map(code).join(', ')}`)
    .join(' · ');
  const lines = [
    `### endstate compare · ${code(c.suite.name)}`,
    '',
    ...headlineTable(c),
    '',
    testLine(c),
    '',
    ...estimandLines(c),
    '',
    ...changeLines(c),
    ...(differences.length === 0
      ? []
      : ['', `Systems differ in ${differences.map(code).join(', ')}.`]),
    ...settingLines(c),
    ...(left.length === 0 ? [] : ['', `Left out of the paired figures: ${left}.`]),
    ...judgeLines(c),
    ...c.notes.map((note) => `\n_Note: ${escapeMarkdown(note)}._`),
    ...taskTable(c, options.maxTasks ?? MAX_TASKS),
  ];
  return `${lines.join('\n')}\n`;
}
