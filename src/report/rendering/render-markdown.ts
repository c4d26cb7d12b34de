import { intervalLabel, intervalNote } from './interval-label.js';
import { modeLine } from './mode-line.js';
import { describeSourceVerdict } from './describe-source-verdict.js';
import { informativeFigures } from './informative-figures.js';
import { escapeMarkdown, markdownCode } from './escape-markdown.js';
import { describeJudgeValidation } from '../analysis/judge-validation-status.js';
import { byKWithIntervals, fixed, percent, usd } from './format-figures.js';
import { markdownCell, markdownTable } from './markdown-table.js';
import { describeTotalCost } from '../analysis/cost-summary.js';
import { failureLabelRows } from './failure-label-rows.js';
import type { GateVerdict } from '../analysis/gate-verdict.js';
import type { Scorecard } from '../scorecard.js';
import { REPORT_SLOTS, valueOf } from '../scorecard-section.js';
import type { ReportSlot } from '../scorecard-section.js';
import { SCORECARD_SECTIONS } from '../sections/index.js';
import { judgeTasks } from '../analysis/task-gate.js';
import type { TaskVerdict } from '../analysis/task-gate.js';

export interface RenderMarkdownInput {
  readonly scorecard: Scorecard;
  /** Gate of a task without a `gate` label: the least success rate that passes (1: every trial). */
  readonly taskGate: number;
  /** The run's `--fail-under` gates, shown first when there are any. */
  readonly gates?: readonly GateVerdict[];
  /** Rows of the failure reasons and failed tasks tables, at most (default 5 and 10). */
  readonly maxReasons?: number;
  readonly maxTasks?: number;
}

const code = markdownCode;
const cell = markdownCell;
const table = markdownTable;

/** The sections' rows of the headline table at a slot, in the registry's order. */
function sectionRows(card: Scorecard, slots: readonly ReportSlot[]): string[][] {
  return slots.flatMap((slot) =>
    SCORECARD_SECTIONS.flatMap((entry) => {
      const drawn = valueOf(entry, card);
      const markdown = drawn?.section.markdown;
      if (drawn === undefined || markdown?.slot !== slot || markdown.rows === undefined) return [];
      return markdown.rows(drawn.value, card);
    }),
  );
}

/** The sections' blocks after the headline table, by slot, in the registry's order. */
function sectionBlocks(card: Scorecard): string[] {
  return REPORT_SLOTS.flatMap((slot) =>
    SCORECARD_SECTIONS.flatMap((entry) => {
      const drawn = valueOf(entry, card);
      const markdown = drawn?.section.markdown;
      if (drawn === undefined || markdown?.slot !== slot || markdown.block === undefined) return [];
      return markdown.block(drawn.value, card);
    }),
  );
}

function gateLines(gates: readonly GateVerdict[]): string[] {
  if (gates.length === 0) return [];
  const verdicts = gates.map(({ metric, threshold, value, pass }) =>
    pass
      ? `✅ ${code(metric)} ${fixed(value)} ≥ ${threshold}`
      : `❌ ${code(metric)} ${Number.isNaN(value) ? 'n/a' : fixed(value)} < ${threshold}`,
  );
  return [`**Gates:** ${verdicts.join(' · ')}`, ''];
}

/** The source benchmark's verdict beside endstate's (tau-bench's, or tau2's for an imported tau2 suite). */
function outcomeRow(card: Scorecard): string[] {
  const outcome = card.outcome_only.success_rate;
  return [
    'Outcome',
    `${percent(outcome.value)} (95% CI ${percent(outcome.ci95[0])} to ${percent(outcome.ci95[1])}; ${outcome.successes}/${outcome.trials}; ${escapeMarkdown(describeSourceVerdict(card.outcome_only))})`,
  ];
}

function headline(card: Scorecard, verdicts: readonly TaskVerdict[], taskGate: number): string[] {
  const rate = card.success_rate;
  const n = card.counts;
  const under = verdicts.filter((verdict) => verdict.type !== 'pass').length;
  return table(
    ['figure', 'value'],
    ['l', 'l'],
    [
      [
        'Success',
        `**${percent(rate.value)}** (${intervalLabel(rate.method)} ${percent(rate.ci95[0])} to ${percent(rate.ci95[1])}; ${rate.successes}/${rate.trials} valid trials, ${rate.tasks} tasks)${[intervalNote(rate.method)].flatMap((note) => (note === null ? [] : [`<br>${note}`])).join('')}${card.warnings.map((warning) => `<br>⚠️ ${escapeMarkdown(warning)}`).join('')}${(card.judge_validation ?? []).map((status) => `<br>${status.validation === null ? '⚠️ ' : ''}${escapeMarkdown(describeJudgeValidation(status))}`).join('')}`,
      ],
      ...sectionRows(card, ['headline']),
      ...(informativeFigures(card).outcome ? [outcomeRow(card)] : []),
      ['pass^k (95% CI)', byKWithIntervals(card.pass_hat_k, card.pass_hat_k_ci95)],
      [
        'Tasks · trials',
        `${n.tasks} tasks × ${n.trials_per_task} · ${n.valid_trials} valid of ${n.planned_trials} planned`,
      ],
      ['Invalid', `${n.invalid_attempts} invalid attempt(s) · ${n.missing_trials} missing`],
      ...(n.refused_connections > 0
        ? [['Refused connections', `${n.refused_connections} without the trial's secret`]]
        : []),
      ...(n.agent_connections + n.refused_egress > 0
        ? [
            [
              'Agent connections',
              `${n.agent_connections} let through the relays · ${n.refused_egress} refused`,
            ],
          ]
        : []),
      [
        'Cost per success',
        card.cost.unpriced_trials > 0
          ? `unknown (${n.successes} successes; total ${describeTotalCost(card.cost, n.valid_trials + n.invalid_attempts)})`
          : `${usd(card.cost.per_success_usd)} (${usd(card.cost.total_usd)} total, ${n.successes} successes)`,
      ],
      [
        'Tasks under their gate',
        `${under} of ${n.tasks} (gate ${taskGate} unless a task's ${code('gate')} label says otherwise)`,
      ],
      ...sectionRows(card, ['behaviour', 'sequences', 'reliability']),
    ],
  );
}

function reasonLines(card: Scorecard, max: number): string[] {
  if (card.failure_reasons.length === 0) return [];
  const failed = card.success_rate.trials - card.success_rate.successes;
  const shown = card.failure_reasons.slice(0, max);
  const left = card.failure_reasons.length - shown.length;
  return [
    '',
    `**Why trials failed** (${failed} failed valid trial(s); a trial can have several reasons)`,
    '',
    ...table(
      ['reason', 'failed trials'],
      ['l', 'r'],
      shown.map(({ reason, trials }) => [code(reason), String(trials)]),
    ),
    ...(left > 0 ? ['', `_…and ${left} more reason(s)._`] : []),
  ];
}

function failureLabelLines(card: Scorecard): string[] {
  const labels = failureLabelRows(card.failure_labels);
  if (labels === undefined) return [];
  return [
    '',
    `**${labels.title}**`,
    '',
    ...table(
      labels.head,
      labels.head.map((_, i) => (i === 0 ? 'l' : 'r')),
      labels.rows.map(([label, ...counts]) => [code(label!), ...counts]),
    ),
    ...labels.notes.map((note) => `\n_${escapeMarkdown(note)}_`),
  ];
}

function taskRow({ task, gate, ...verdict }: TaskVerdict): string[] {
  const worst = task.failed_checks[0];
  const success =
    verdict.type === 'error'
      ? verdict.reason === 'invalid'
        ? `no valid trial (${task.invalid_attempts} invalid)`
        : 'no trial stored'
      : `${task.successes}/${task.trials} (${percent(task.success_rate)})`;
  return [
    code(task.task_id),
    success,
    `${gate.value}${gate.source === 'label' ? ' (label)' : ''}`,
    worst === undefined ? '' : `${code(worst.check)} (${worst.kind}) ×${worst.trials}`,
  ];
}

function taskLines(verdicts: readonly TaskVerdict[], max: number): string[] {
  // Worst first: no valid trial, then the lowest success rate; ties keep the suite's order.
  const under = verdicts
    .filter((verdict) => verdict.type !== 'pass')
    .map((verdict, index) => ({ verdict, index }))
    .sort(
      (a, b) =>
        (a.verdict.task.trials === 0 ? -1 : a.verdict.task.success_rate) -
          (b.verdict.task.trials === 0 ? -1 : b.verdict.task.success_rate) || a.index - b.index,
    )
    .map(({ verdict }) => verdict);
  if (under.length === 0) return ['', 'Every task met its gate.'];
  const shown = under.slice(0, max);
  const left = under.length - shown.length;
  return [
    '',
    `**Tasks under their gate** (${under.length}, worst first)`,
    '',
    ...table(
      ['task', 'success', 'gate', 'most failed check'],
      ['l', 'r', 'r', 'l'],
      shown.map(taskRow),
    ),
    ...(left > 0 ? ['', `_…and ${left} more task(s) under their gate, not shown._`] : []),
  ];
}

/**
 * The scorecard as a compact GitHub-flavoured Markdown summary, for a
 * pull-request comment or a job summary: the headline figures, faults and
 * injections when any fired, why trials failed and the tasks under their
 * gate (as in the JUnit report).
 */
export function renderMarkdown(input: RenderMarkdownInput): string {
  const { scorecard: card, taskGate, gates = [], maxReasons = 5, maxTasks = 10 } = input;
  const verdicts = judgeTasks(card.tasks, taskGate);
  const lines = [
    `### endstate · ${code(card.run_id)}`,
    '',
    `Suite **${escapeMarkdown(card.suite.name)}** (${code(card.suite.hash.slice(0, 12))}) · agent ${code(card.agent)} · system ${code(card.system_hash.slice(0, 12))}`,
    '',
    `Sandbox: ${cell(card.isolation)}`,
    '',
    ...(card.mode === undefined ? [] : [`**${modeLine(card.mode)}**`, '']),
    ...gateLines(gates),
    ...headline(card, verdicts, taskGate),
    ...(card.k.note === null ? [] : ['', `_Note: ${escapeMarkdown(card.k.note)}._`]),
    ...sectionBlocks(card),
    ...reasonLines(card, maxReasons),
    ...taskLines(verdicts, maxTasks),
    ...failureLabelLines(card),
  ];
  return `${lines.join('\n')}\n`;
}
