import { intervalLabel, intervalNote } from './interval-label.js';
import { modeLine } from './mode-line.js';
import Table from 'cli-table3';
import { describeJudgeValidation } from '../analysis/judge-validation-status.js';
import { abridgeMessage } from './abridge-message.js';
import { costFigure, describePricing, describeTotalCost } from '../analysis/cost-summary.js';
import { failureLabelRows } from './failure-label-rows.js';
import type { SampleSummary, Scorecard } from '../scorecard.js';
import { terminalLinesOf, valueOf } from '../scorecard-section.js';
import type { ReportSlot } from '../scorecard-section.js';
import { SCORECARD_SECTIONS } from '../sections/index.js';
import { informativeFigures } from './informative-figures.js';
import { describeSourceVerdict } from './describe-source-verdict.js';

/** How much of the scorecard to print. */
export interface TerminalOptions {
  /**
   * Every figure, zero-only ones included. Without it the scorecard is
   * compact: a line or section appears only when it carries information
   * (no cost line when nothing cost anything, no faults block without a
   * fault, safety rates only when broken).
   */
  readonly verbose?: boolean;
}

/** Failure reasons and agent-error kinds the compact scorecard lists (`--verbose`: 10 and all). */
const COMPACT_REASONS = 5;
const COMPACT_ERROR_KINDS = 3;

const percent = (value: number): string =>
  Number.isNaN(value) ? '—' : `${(value * 100).toFixed(1)}%`;
const fixed = (value: number, digits = 3): string =>
  Number.isNaN(value) ? '—' : value.toFixed(digits);
const usd = (value: number | null): string =>
  value === null ? '—' : `$${value.toFixed(value < 1 ? 4 : 2)}`;
const sample = (summary: SampleSummary, unit = ''): string =>
  summary.count === 0
    ? '— (n=0)'
    : `p50 ${fixed(summary.p50, 1)}${unit} · p95 ${fixed(summary.p95, 1)}${unit} (n=${summary.count})`;

function counts(record: Readonly<Record<string, number>>): string {
  const entries = Object.entries(record).filter(([, count]) => count > 0);
  return entries.length === 0 ? '—' : entries.map(([key, count]) => `${key} ${count}`).join(' · ');
}

/** Estimates by k with their intervals, four to a line under the label. */
function byKWithIntervals(
  label: string,
  record: Readonly<Record<string, number>>,
  intervals: Scorecard['pass_hat_k_ci95'],
): string[] {
  const entries = Object.entries(record).map(([k, value]) => {
    const ci = intervals[k];
    const bounds = ci === undefined ? '' : ` [${fixed(ci[0], 2)}, ${fixed(ci[1], 2)}]`;
    return `k=${k} ${fixed(value)}${bounds}`;
  });
  if (entries.length === 0) return [`${label}—`];
  const lines: string[] = [];
  for (let start = 0; start < entries.length; start += 4) {
    const prefix = start === 0 ? label : ' '.repeat(label.length);
    lines.push(`${prefix}${entries.slice(start, start + 4).join('  ')}`);
  }
  return lines;
}

function correlationLine({ intra_task_correlation: correlation }: Scorecard): string[] {
  if (correlation.status !== 'estimated') return [];
  return [
    `Clustering intra-task correlation ${fixed(correlation.icc, 2)} · design effect ${fixed(correlation.design_effect, 2)} (${fixed(correlation.mean_trials_per_task, 1)} trials per task count as ${fixed(correlation.mean_trials_per_task / correlation.design_effect, 1)} independent ones)`,
  ];
}

function modelUsage({ model_usage: usage }: Scorecard): string[] {
  if (usage.calls === 0 && usage.user_simulator_calls === 0) return [];
  const user =
    usage.user_simulator_calls === 0 ? '' : ` · simulated user ${usage.user_simulator_calls} calls`;
  return [
    `Model      ${usage.calls} calls · tokens ${usage.input_tokens} in (${usage.cached_input_tokens} cached) / ${usage.output_tokens} out · ${usage.retries} retries · ${(usage.wait_ms / 1000).toFixed(1)} s waiting on providers${user}`,
  ];
}

/** An interval bound in USD: — when there is none, ∞ when nothing bounds it. */
const usdBound = (value: number): string =>
  Number.isNaN(value) ? '—' : value === Number.POSITIVE_INFINITY ? '∞' : usd(value);

function costPerSuccess({ cost, counts: n }: Scorecard): string {
  const ci = cost.per_success_ci95;
  const interval = ci === null ? '' : `95% CI [${usdBound(ci[0])}, ${usdBound(ci[1])}]; `;
  return `${costFigure(cost.per_success_usd, cost)} per success (${interval}${n.successes} successes)`;
}

/** Total, per success, mean success, then the harness's own spend (simulated user, judge) when there was any. */
function costLine(card: Scorecard): string {
  const { cost, counts: n } = card;
  const apart = (label: string, value: number | null): string =>
    value === null ? ` · ${label} unknown` : value > 0 ? ` · ${label} ${usd(value)}` : '';
  const total = describeTotalCost(cost, n.valid_trials + n.invalid_attempts);
  return `Cost       ${total} total · ${costPerSuccess(card)} · ${costFigure(cost.mean_success_usd, cost)} mean success${apart('simulated user', cost.user_simulator_usd)}${apart('judge', cost.graders_usd)}`;
}

/** The sections' lines at these slots, slot by slot, in the registry's order. */
function sectionLines(card: Scorecard, slots: readonly ReportSlot[], verbose: boolean): string[] {
  return slots.flatMap((slot) =>
    SCORECARD_SECTIONS.flatMap((entry) => {
      const drawn = valueOf(entry, card);
      if (drawn === undefined || drawn.section.terminal?.slot !== slot) return [];
      return terminalLinesOf(drawn.section, drawn.value, card, verbose);
    }),
  );
}

/** Notes under the headline: no valid trial at all, or trials the system could not play. */
function headlineNotes({ counts: n, incompatibility_example: example }: Scorecard): string[] {
  const notes: string[] = [];
  if (n.valid_trials === 0 && n.invalid_attempts > 0) {
    notes.push(
      `           no valid trial: all ${n.invalid_attempts} attempt(s) were invalid, so there is no success rate (see "Invalid attempts" below)`,
    );
  }
  if (n.incompatible_trials > 0) {
    notes.push(
      `           note: ${n.incompatible_trials} of ${n.valid_trials} valid trial(s) ended in harness_incompatibility (the model could not use the tools): counted as failures`,
      `                 e.g. ${abridgeMessage(example)}`,
    );
  }
  return notes;
}

/** The three most frequent reasons attempts were invalid, each with an example error. */
function invalidLines({ counts: n, invalid_reasons: reasons }: Scorecard): string[] {
  if (reasons.length === 0) return [];
  const shown = reasons.slice(0, 3);
  const more = reasons.length - shown.length;
  return [
    '',
    `Invalid attempts (${n.invalid_attempts}; left out of every rate and rerun; ${n.missing_trials} planned trial(s) have no valid record)`,
    ...shown.flatMap(({ terminal_reason, exit_reason, attempts, example }) => [
      `  ${String(attempts).padStart(5)}  ${terminal_reason} · exit ${exit_reason}`,
      `         e.g. ${abridgeMessage(example)}`,
    ]),
    ...(more > 0
      ? [`         and ${more} more reason(s) (see terminal_reasons and the trials in --json)`]
      : []),
  ];
}

/**
 * The most frequent agent-side errors (tool errors answering the agent's
 * calls, crashes and protocol errors), each with its first trial's
 * message unmasked (the module path, the line that was not JSON) and how
 * to look at that trial.
 */
function agentErrorLines(
  { run_id: runId, agent_error_kinds: errors }: Scorecard,
  verbose: boolean,
): string[] {
  if (errors.occurrences === 0) return [];
  const top = verbose ? errors.top : errors.top.slice(0, COMPACT_ERROR_KINDS);
  const shown = top.length < errors.kinds ? `the ${top.length} most frequent` : 'all';
  return [
    '',
    `Agent errors (${errors.occurrences} in ${errors.trials} valid trial(s), ${errors.kinds} kind(s), ${shown}; quoted values and numbers masked)`,
    ...top.flatMap(({ source, code, pattern, tools, occurrences, trials, example }) => [
      `  ${String(occurrences).padStart(5)}× in ${trials} trial(s)  ${
        source === 'agent_error'
          ? 'agent error (crash or protocol)'
          : `tool error ${code} (${tools.join(', ')})`
      }: ${abridgeMessage(pattern)}`,
      `         e.g. ${abridgeMessage(example.headline)}`,
      `              endstate show ${example.task_id} ${example.attempt} --run ${runId}`,
    ]),
  ];
}

/** A line when `shown`, else none. */
const when = (shown: boolean, ...lines: string[]): string[] => (shown ? lines : []);

/**
 * The scorecard as plain text for a terminal (no colour, so it reads the
 * same in logs): compact, or every figure with `verbose`.
 */
export function renderTerminal(card: Scorecard, options: TerminalOptions = {}): string {
  const verbose = options.verbose === true;
  const { counts: n, success_rate: rate } = card;
  const informative = informativeFigures(card);
  const shows = (figure: keyof typeof informative): boolean => verbose || informative[figure];
  const lines = [
    `endstate · ${card.run_id}`,
    `suite ${card.suite.name} (${card.suite.hash.slice(0, 12)}) · agent ${card.agent} · system ${card.system_hash.slice(0, 12)}`,
    ...when(shows('sandbox'), `sandbox ${card.isolation}`),
    ...(card.mode === undefined ? [] : [modeLine(card.mode)]),
    '',
    `Success    ${percent(rate.value)}  ${intervalLabel(rate.method)} [${percent(rate.ci95[0])}, ${percent(rate.ci95[1])}]  (${rate.successes}/${rate.trials} valid trials, ${rate.tasks} tasks; ${rate.method})`,
    ...[intervalNote(rate.method)].flatMap((note) => (note === null ? [] : [`           ${note}`])),
    ...headlineNotes(card),
    ...weightLines(card),
    ...card.warnings.map((warning) => `           warning: ${warning}`),
    ...(card.judge_validation ?? []).map(
      (status) => `           ${describeJudgeValidation(status)}`,
    ),
    ...sectionLines(card, ['headline'], verbose),
    ...(shows('passK')
      ? byKWithIntervals('pass^k     ', card.pass_hat_k, card.pass_hat_k_ci95)
      : []),
    ...when(
      shows('outcome'),
      `Outcome    ${percent(card.outcome_only.success_rate.value)}  95% CI [${percent(card.outcome_only.success_rate.ci95[0])}, ${percent(card.outcome_only.success_rate.ci95[1])}]  (${card.outcome_only.success_rate.successes}/${card.outcome_only.success_rate.trials}; ${describeSourceVerdict(card.outcome_only)})`,
    ),
    ...(verbose
      ? [
          ...byKWithIntervals(
            '  pass^k   ',
            card.outcome_only.pass_hat_k,
            card.outcome_only.pass_hat_k_ci95,
          ),
          ...byKWithIntervals('pass@k     ', card.pass_at_k, card.pass_at_k_ci95),
          ...correlationLine(card),
        ]
      : []),
    ...(card.k.note === null ? [] : [`           note: ${card.k.note}`]),
    ...when(
      shows('trials'),
      `Trials     ${n.valid_trials} valid of ${n.planned_trials} planned (${n.tasks} tasks × ${n.trials_per_task})${n.incompatible_trials > 0 ? `, ${n.incompatible_trials} of them harness-incompatible` : ''} · ${n.invalid_attempts} invalid attempt(s) · ${n.missing_trials} missing`,
    ),
    ...(n.refused_connections > 0
      ? [
          `Refused    ${n.refused_connections} connection(s) to the trials' MCP endpoints without the trial's secret (another client tried to play; see endpoint_refused events)`,
        ]
      : []),
    ...(n.agent_connections + n.refused_egress > 0
      ? [
          `Network    ${n.agent_connections} connection(s) let through the agent's relays, ${n.refused_egress} refused (see connection events)`,
        ]
      : []),
    ...when(shows('terminal'), `Terminal   ${counts(card.terminal_reasons)}`),
    ...when(shows('exit'), `Exit       ${counts(card.exit_reasons)}`),
    ...when(shows('cost'), costLine(card)),
    ...modelUsage(card),
    ...sectionLines(card, ['behaviour', 'sequences', 'reliability'], verbose),
    ...when(
      shows('steps'),
      `Steps      successes ${sample(card.steps.successes)} · failures ${sample(card.steps.failures)}`,
    ),
    ...when(shows('latency'), `Latency    ${sample(card.latency_ms, ' ms')}`),
  ];
  const failedTrials = rate.trials - rate.successes;
  if (card.failure_reasons.length > 0) {
    const shown = card.failure_reasons.slice(0, verbose ? 10 : COMPACT_REASONS);
    lines.push(
      '',
      `Why trials failed (of ${failedTrials} failed valid trial(s); a trial can have several reasons)`,
      ...shown.map(({ reason, trials }) => `  ${String(trials).padStart(5)}  ${reason}`),
    );
    const more = card.failure_reasons.length - shown.length;
    if (!verbose && more > 0) lines.push(`         and ${more} more reason(s) (--verbose)`);
  }
  lines.push(
    ...(verbose || card.failure_labels.human.length > 0
      ? failureLabelLines(card)
      : proposedLabelLine(card)),
    ...invalidLines(card),
    ...agentErrorLines(card, verbose),
  );
  const table = new Table({
    head: ['task', 'success', '95% CI', 'invalid', 'most failed check'],
    style: { head: [], border: [], compact: true },
  });
  for (const task of card.tasks) {
    const worst = task.failed_checks[0];
    table.push([
      task.task_id,
      `${task.successes}/${task.trials}`,
      `[${fixed(task.ci95[0], 2)}, ${fixed(task.ci95[1], 2)}]`,
      String(task.invalid_attempts),
      worst === undefined ? '' : `${worst.check} (${worst.kind}) ×${worst.trials}`,
    ]);
  }
  lines.push('', table.toString());
  if (card.pricing !== null) lines.push(`Pricing    ${describePricing(card.pricing)}`);
  return lines.join('\n');
}

function failureLabelLines(card: Scorecard): string[] {
  const table = failureLabelRows(card.failure_labels);
  if (table === undefined) return [];
  const width = Math.max(...table.rows.map((row) => row[0]!.length), 5) + 2;
  const columns = table.head.slice(1).map((name) => Math.max(name.length, 5) + 2);
  const row = (cells: readonly string[]): string =>
    `  ${cells[0]!.padEnd(width)}${cells
      .slice(1)
      .map((text, i) => text.padStart(columns[i]!))
      .join('')}`;
  return [
    '',
    table.title,
    row(table.head),
    ...table.rows.map(row),
    ...table.notes.map((note) => `  ${note}`),
  ];
}

/** The proposed failure labels in one line, most frequent first (no labeller yet to set beside them). */
function proposedLabelLine({ failure_labels: labels }: Scorecard): string[] {
  if (labels.failed_trials === 0) return [];
  const used = Object.entries(labels.proposed)
    .filter(([, count]) => count > 0)
    .sort(([, a], [, b]) => b - a)
    .map(([label, count]) => `${label} ${count}`);
  return [
    '',
    `Failure labels (of ${labels.failed_trials} failed valid trial(s), proposed; docs/failure-labels.md): ${used.join(' · ')}`,
  ];
}

/** Says so when tasks weigh unequally: every suite mean above is then a weighted one. */
function weightLines(card: Scorecard): string[] {
  const weighted = card.tasks.filter((task) => task.weight !== 1);
  if (weighted.length === 0) return [];
  return [
    `           weighted: suite means weight each task by its weight (${weighted.length} of ${card.tasks.length} tasks not at 1: ${weighted
      .slice(0, 5)
      .map((task) => `${task.task_id} ×${task.weight}`)
      .join(', ')}${weighted.length > 5 ? ', …' : ''})`,
  ];
}
