import { NORMAL_EXIT_REASONS, failedChecks, trialChecks } from '../../schema/index.js';
import type {
  ConnectionEvent,
  GradedCheck,
  ToolCallEvent,
  TrialEvent,
  TrialRecord,
} from '../../schema/index.js';
import { BLOCK_LABELS, answersByCall } from '../analysis/answers-by-call.js';
import type { CallAnswer } from '../analysis/answers-by-call.js';
import { ABSENT, changedRecords, fieldChanges } from '../analysis/field-changes.js';
import { usd } from './format-figures.js';
import { callerLabel } from './caller-label.js';
import { GRADER_TITLES } from './grader-titles.js';
import { createPaint, terminalText } from './terminal-style.js';
import type { Paint } from './terminal-style.js';

export interface RenderTrialOptions {
  /** ANSI colours (a terminal without NO_COLOR); off, the text holds no escape code. */
  readonly color: boolean;
  /** Longest JSON value shown (arguments, results, evidence, fields) before it is cut; default 300. */
  readonly maxValueChars?: number;
  /** Longest text shown (a message, an error) before it is cut; default 2000. */
  readonly maxTextChars?: number;
}

/** How one section is drawn: the record, the painter and the cuts. */
interface Draw {
  readonly paint: Paint;
  /** A JSON value on one line, cut to the value limit. */
  readonly value: (value: unknown) => string;
  /** Recorded text, cut to the text limit, its later lines indented by `indent`. */
  readonly text: (text: string, indent: string) => string;
}

const TIME_WIDTH = 10;
const GAP = ' '.repeat(TIME_WIDTH + 2);

const milliseconds = (value: number): string =>
  value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${value.toFixed(1)} ms`;

function createDraw(options: RenderTrialOptions): Draw {
  const maxValue = options.maxValueChars ?? 300;
  const maxText = options.maxTextChars ?? 2000;
  return {
    paint: createPaint(options.color),
    value: (value) =>
      terminalText(
        value === ABSENT ? '(absent)' : (JSON.stringify(value) ?? 'undefined'),
        maxValue,
      ),
    text: (text, indent) => terminalText(text, maxText).replace(/\n/g, `\n${indent}`),
  };
}

function verdictOf(trial: TrialRecord, paint: Paint): string {
  if (!trial.valid) return paint('yellow', 'INVALID');
  return trial.success ? paint('green', 'SUCCESS') : paint('red', 'FAILED');
}

function header(trial: TrialRecord, draw: Draw): string[] {
  const { paint } = draw;
  const { usage } = trial;
  const exit = NORMAL_EXIT_REASONS.includes(trial.exit_reason)
    ? trial.exit_reason
    : paint('red', trial.exit_reason);
  return [
    `${paint('bold', draw.text(trial.task_id, ''))} · attempt ${trial.attempt}${trial.rerun > 0 ? ` (rerun ${trial.rerun})` : ''} · ${verdictOf(trial, paint)}`,
    `run        ${trial.run_id} · trial ${trial.trial_id} · seed ${trial.seed} · task revision ${trial.task_revision}`,
    `verdict    success ${trial.success ? 'yes' : 'no'} · terminal ${trial.terminal_reason} · exit ${exit}${trial.valid ? '' : ' · invalid (left out of every rate)'}`,
    `usage      ${usd(usage.cost_usd)} · tokens ${usage.input_tokens} in / ${usage.output_tokens} out · ${usage.steps} steps · ${usage.tool_calls} tool calls · ${usage.model_calls} model calls · ${milliseconds(usage.latency_ms)}`,
    ...(trial.error === null
      ? []
      : [`error      ${paint('red', draw.text(trial.error, '           '))}`]),
  ];
}

const stamp = (event: TrialEvent, paint: Paint): string =>
  paint('dim', milliseconds(event.t_ms).padStart(TIME_WIDTH));

/** Who made a call, in cyan when it was the user. */
const caller = (call: ToolCallEvent, paint: Paint): string =>
  call.by === 'user' ? paint('cyan', callerLabel(call)) : callerLabel(call);

/** A tool call, then what became of it: faults injected, a block, its result or error. */
function toolCallLines(call: ToolCallEvent, answer: CallAnswer | undefined, draw: Draw): string[] {
  const { paint } = draw;
  const scope = call.scope === undefined ? '' : paint('dim', ` · scope ${call.scope}`);
  const lines = [
    `${stamp(call, paint)}  ${caller(call, paint)} ${paint('bold', draw.text(call.tool, ''))} ${paint('dim', call.call_id)}  ${draw.value(call.args)}${scope}`,
  ];
  for (const fault of answer?.faults ?? []) {
    const what = fault.fault === 'inject' ? 'injection' : `fault ${fault.fault}`;
    const source = fault.source === undefined ? '' : ` (${fault.source})`;
    lines.push(
      `${GAP}${paint('yellow', `⚡ ${what}${source}`)}${fault.detail === undefined ? '' : `: ${draw.text(fault.detail, GAP)}`}`,
    );
  }
  const { blocked, result } = answer ?? {};
  if (blocked !== undefined) {
    const owner = blocked.owner === undefined ? '' : ` (allowed: ${blocked.owner})`;
    lines.push(
      `${GAP}${paint('red', `⛔ blocked: ${BLOCK_LABELS[blocked.reason]}${owner}`)}: ${draw.text(blocked.message, GAP)}`,
    );
  } else if (result === undefined) {
    lines.push(`${GAP}${paint('dim', 'no answer recorded')}`);
  } else if (result.ok) {
    lines.push(
      `${GAP}→ ${paint('green', 'ok')} ${draw.value(result.result ?? null)} ${paint('dim', milliseconds(result.duration_ms))}`,
    );
  } else {
    const { code, message, ...details } = result.error ?? { code: 'unknown', message: '' };
    const more = Object.keys(details).length === 0 ? '' : ` ${draw.value(details)}`;
    lines.push(`${GAP}→ ${paint('red', `error ${code}`)}: ${draw.text(message, GAP)}${more}`);
  }
  return lines;
}

function eventLines(event: TrialEvent, answers: Map<string, CallAnswer>, draw: Draw): string[] {
  const { paint } = draw;
  const at = stamp(event, paint);
  const indent = GAP + '  ';
  switch (event.kind) {
    case 'user':
      return [
        `${at}  ${paint('cyan', 'user')} ${paint('dim', `(${event.source})`)}  ${draw.text(event.text, indent)}`,
      ];
    case 'agent':
      return [
        `${at}  ${paint('magenta', event.final ? 'agent · final answer' : 'agent')}  ${draw.text(event.text, indent)}`,
      ];
    case 'tool_call':
      return toolCallLines(event, answers.get(event.call_id), draw);
    case 'tool_result':
    case 'blocked':
    case 'fault':
      // Drawn with their call; alone only when the call is missing.
      return answers.has(event.call_id) ? [] : [`${at}  ${event.kind} ${draw.value(event)}`];
    case 'usage':
      return [
        paint(
          'dim',
          `${at}  model call (${event.role}) ${event.model}: ${event.input_tokens} in / ${event.output_tokens} out tokens · ${usd(event.cost_usd)}${event.retries > 0 ? ` · ${event.retries} retries` : ''}`,
        ),
      ];
    case 'note':
      return [`${at}  ${paint('dim', 'note')}  ${draw.text(event.text, indent)}`];
    case 'endpoint_refused':
      return [
        `${at}  ${paint('yellow', 'MCP endpoint refused')} a ${event.method} from ${event.remote} (${event.reason})`,
      ];
    case 'connection':
      return [`${at}  ${describeConnection(event, paint)}`];
    case 'assist': {
      const call = event.call_id === undefined ? '' : ` ${event.call_id}`;
      const what = event.type === 'hint' ? 'hint' : `took over${call}`;
      return [
        `${at}  ${paint('cyan', `user assisted: ${what}`)} ${paint('dim', `(${event.source})`)}`,
      ];
    }
    default:
      return [`${at}  ${draw.value(event satisfies never)}`];
  }
}

function conversation(trial: TrialRecord, draw: Draw): string[] {
  const answers = answersByCall(trial.events);
  return [
    draw.paint('bold', `Conversation and tool calls (${trial.events.length} events)`),
    ...(trial.events.length === 0 ? ['  none recorded'] : []),
    ...trial.events.flatMap((event) => eventLines(event, answers, draw)),
  ];
}

function stateDiff(trial: TrialRecord, draw: Draw): string[] {
  const { paint } = draw;
  const title = paint('bold', 'State diff (s0 → final)');
  if (trial.state_diff === null)
    return [title, '  no final state was captured, so there is no diff'];
  const records = changedRecords(trial.state_diff);
  if (records.length === 0) return [title, '  nothing changed: the final state equals s0'];
  return [
    `${title}: ${records.length} record(s) changed`,
    ...records.flatMap(({ key, kind, change }) => {
      const fields = fieldChanges(change);
      const changed = fields.filter((field) => field.changed);
      const same = fields.length - changed.length;
      return [
        `  ${paint('bold', draw.text(key, ''))} ${kind}${same > 0 ? paint('dim', ` (${same} field(s) unchanged)`) : ''}`,
        ...changed.map((field) => {
          const path = draw.text(field.path === '' ? '(value)' : field.path, '');
          if (kind === 'inserted')
            return `    ${path} = ${paint('green', draw.value(field.after))}`;
          if (kind === 'deleted') return `    ${path} = ${paint('red', draw.value(field.before))}`;
          return `    ${path}: ${paint('red', draw.value(field.before))} → ${paint('green', draw.value(field.after))}`;
        }),
      ];
    }),
  ];
}

/** What a failed check compared or read, when it records it: a line each, before its evidence. */
function detailLines(check: GradedCheck, draw: Draw): string[] {
  const { paint } = draw;
  const lines: string[] = [];
  if (check.path !== undefined) lines.push(`      path     ${draw.text(check.path, '')}`);
  if (check.expected !== undefined || check.actual !== undefined) {
    const shown = (value: unknown): string =>
      value === undefined ? '(absent)' : draw.value(value);
    lines.push(`      expected ${paint('green', shown(check.expected))}`);
    lines.push(`      actual   ${paint('red', shown(check.actual))}`);
  }
  for (const read of check.read ?? [])
    lines.push(`      read     ${draw.text(read.expression, '')} = ${draw.value(read.value)}`);
  return lines;
}

function checkLines(check: GradedCheck, draw: Draw): string[] {
  const { paint } = draw;
  return [
    `  ${paint('red', '✗')} ${check.grader} ${paint('bold', draw.text(check.id, ''))} ${paint('dim', `(${check.kind})`)}: ${draw.text(check.message, '      ')}`,
    ...detailLines(check, draw),
    `      evidence ${draw.value(check.evidence)}`,
  ];
}

/** Every failed check that decides success, with its evidence; failed diagnostics by id; grader errors. */
function verdictLines(trial: TrialRecord, draw: Draw): string[] {
  const { paint } = draw;
  const failed = failedChecks(trial);
  const diagnostics = trialChecks(trial).filter(
    (check) => check.role === 'diagnostic' && !check.pass,
  );
  const errors = Object.entries(trial.grades).filter(([, grade]) => grade.error !== null);
  const lines = [
    paint('bold', `Failed checks (${failed.length})`),
    ...(Object.keys(trial.grades).length === 0 ? ['  not graded'] : []),
    ...(Object.keys(trial.grades).length > 0 && failed.length === 0 ? ['  none'] : []),
    ...failed.flatMap((check) => checkLines(check, draw)),
  ];
  if (diagnostics.length > 0)
    lines.push(
      paint(
        'dim',
        `  diagnostic checks failed (not part of success): ${diagnostics.map((check) => `${check.grader} ${check.id}`).join(', ')}`,
      ),
    );
  if (errors.length > 0)
    lines.push(
      '',
      paint('bold', `Grader errors (${errors.length}; the trial is a grader failure)`),
      ...errors.map(
        ([grader, grade]) =>
          `  ${GRADER_TITLES[grader] ?? grader}: ${paint('red', draw.text(grade.error ?? '', '    '))}`,
      ),
    );
  return lines;
}

/**
 * One trial for a terminal: the header (run, task, attempt, verdict,
 * reasons, cost, tokens, duration), the conversation in order with every
 * tool call, its arguments and its result or error, faults and blocks
 * marked, the final answer, the state diff field by field, every failed
 * check with its evidence and any grader error. Long values are cut with a
 * marker; recorded text cannot carry escape codes to the terminal.
 *
 * @example
 * io.out(renderTrial(trial, { color: io.isTty && !io.env.NO_COLOR }));
 */
export function renderTrial(trial: TrialRecord, options: RenderTrialOptions): string {
  const draw = createDraw(options);
  // Shown apart only when the conversation does not already end with it.
  const saidLast = trial.events.findLast((event) => event.kind === 'agent' && event.final);
  const finalAnswer =
    trial.final_answer === null ||
    (saidLast?.kind === 'agent' && saidLast.text === trial.final_answer)
      ? []
      : ['', draw.paint('bold', 'Final answer'), `  ${draw.text(trial.final_answer, '  ')}`];
  return [
    ...header(trial, draw),
    '',
    ...conversation(trial, draw),
    ...finalAnswer,
    '',
    ...stateDiff(trial, draw),
    '',
    ...verdictLines(trial, draw),
  ].join('\n');
}

/** One connection of a sandboxed agent: where to, through what, refused or its bytes. */
export function describeConnection(
  event: ConnectionEvent,
  paint: (style: 'yellow' | 'dim', text: string) => string = (_style, text) => text,
): string {
  const where = `${event.host}:${event.port} (${event.via})`;
  if (!event.allowed)
    return `${paint('yellow', 'connection refused')} ${where}: ${event.reason ?? ''}`;
  const failed = event.reason === undefined ? '' : ` · failed: ${event.reason}`;
  return `connection ${where} · ${event.bytes_out} B out, ${event.bytes_in} B in${failed}`;
}
