import type {
  Check,
  FaultEvent,
  ToolCallEvent,
  TrialEvent,
  TrialRecord,
} from '../../schema/index.js';
// The pure functions only: the schema's index would bring zod into the page.
import { failedChecks } from '../../schema/grades.js';
import { BLOCK_LABELS, answersByCall } from '../analysis/answers-by-call.js';
import type { CallAnswer } from '../analysis/answers-by-call.js';
import { callerLabel } from '../rendering/caller-label.js';
import { GRADER_TITLES } from '../rendering/grader-titles.js';
import { renderCheckDetail } from './check-detail.js';
import type { Child } from './dom.js';
import { h } from './dom.js';
import { integer, ms, number, usd } from './format.js';
import { code, facts } from './overview.js';
import { jsonBlock } from './render-value.js';
import { renderStateDiff } from './state-diff.js';

const time = (event: TrialEvent): HTMLElement =>
  h('span', { class: 'time' }, `${event.t_ms.toFixed(1)} ms`);

function faultBadges(faults: readonly FaultEvent[]): Child {
  return faults.map((fault) =>
    h(
      'div',
      { class: 'fault' },
      h(
        'span',
        { class: 'badge badge-fault' },
        fault.fault === 'inject' ? 'injection' : `fault: ${fault.fault}`,
      ),
      ' ',
      fault.detail ?? '',
      fault.source === undefined ? null : h('span', { class: 'muted' }, ` (${fault.source})`),
    ),
  );
}

function toolCall(call: ToolCallEvent, answer: CallAnswer | undefined): HTMLElement {
  const result = answer?.result;
  const blocked = answer?.blocked;
  const outcome = blocked
    ? h(
        'div',
        { class: 'tool-blocked' },
        h(
          'span',
          { class: 'badge badge-blocked', 'data-reason': blocked.reason },
          `blocked: ${BLOCK_LABELS[blocked.reason]}`,
        ),
        ' ',
        blocked.message,
      )
    : result === undefined
      ? h('div', { class: 'muted' }, 'no answer recorded')
      : result.ok
        ? h(
            'div',
            { class: 'tool-ok' },
            h('div', { class: 'field-label' }, 'result'),
            jsonBlock(result.result ?? null),
          )
        : h(
            'div',
            { class: 'tool-error' },
            h('span', { class: 'badge badge-error' }, `error: ${result.error?.code ?? 'unknown'}`),
            ' ',
            result.error?.message ?? '',
            result.error === undefined ? null : jsonBlock(result.error),
          );
  return h(
    'li',
    {
      class: `event tool ${blocked ? 'is-blocked' : result?.ok === false ? 'is-error' : ''} ${(answer?.faults.length ?? 0) > 0 ? 'is-fault' : ''}`,
      'data-call': call.call_id,
    },
    time(call),
    h(
      'div',
      { class: 'event-body' },
      h(
        'div',
        { class: 'tool-head' },
        h('span', { class: 'who' }, callerLabel(call)),
        ' ',
        h('code', { class: 'tool-name' }, call.tool),
        ' ',
        h('span', { class: 'muted' }, call.call_id),
        call.scope === undefined
          ? null
          : h(
              'span',
              { class: 'muted' },
              blocked?.owner === undefined
                ? ` · scope ${call.scope}`
                : ` · scope ${call.scope} (allowed: ${blocked.owner})`,
            ),
        result === undefined ? null : h('span', { class: 'duration' }, ms(result.duration_ms)),
      ),
      h('div', { class: 'field-label' }, 'arguments'),
      jsonBlock(call.args),
      faultBadges(answer?.faults ?? []),
      outcome,
    ),
  );
}

function message(event: TrialEvent, who: string, text: string, extra: Child = null): HTMLElement {
  return h(
    'li',
    { class: `event message ${event.kind}` },
    time(event),
    h(
      'div',
      { class: 'event-body' },
      h('span', { class: 'who' }, who),
      extra,
      h('div', { class: 'text' }, text),
    ),
  );
}

/** The conversation and every tool call in order, each call with its answer, faults and blocks. */
export function renderTimeline(events: readonly TrialEvent[]): HTMLElement {
  const answers = answersByCall(events);
  const items = events.map((event, index): Child => {
    switch (event.kind) {
      case 'user':
        return message(
          event,
          'user',
          event.text,
          h('span', { class: 'muted' }, ` (${event.source})`),
        );
      case 'agent':
        return message(event, event.final ? 'agent · final answer' : 'agent', event.text);
      case 'tool_call':
        return toolCall(event, answers.get(event.call_id));
      case 'tool_result':
      case 'blocked':
      case 'fault':
        // Drawn with their call; shown alone only when the call is missing.
        return answers.has(event.call_id)
          ? null
          : h('li', { class: 'event orphan' }, time(event), jsonBlock(event));
      case 'usage':
        return h(
          'li',
          { class: 'event usage' },
          time(event),
          h(
            'div',
            { class: 'event-body muted' },
            `model call (${event.role}) ${event.model}: ${integer(event.input_tokens)} in / ${integer(event.output_tokens)} out tokens · ${usd(event.cost_usd)}`,
            event.retries > 0 ? ` · ${event.retries} retries, ${ms(event.wait_ms)} waiting` : '',
          ),
        );
      case 'note':
        return h(
          'li',
          { class: 'event note' },
          time(event),
          h('div', { class: 'event-body' }, event.text),
        );
      case 'endpoint_refused':
        return h(
          'li',
          { class: 'event note' },
          time(event),
          h(
            'div',
            { class: 'event-body' },
            `MCP endpoint refused a ${event.method} from ${event.remote} (${event.reason.replace('_', ' ')})`,
          ),
        );
      case 'assist':
        return h(
          'li',
          { class: 'event note' },
          time(event),
          h(
            'div',
            { class: 'event-body' },
            `user assisted: ${event.type === 'hint' ? 'hint' : `took over ${event.call_id ?? ''}`} (${event.source})`,
          ),
        );
      case 'connection':
        return h(
          'li',
          { class: 'event note' },
          time(event),
          h(
            'div',
            { class: 'event-body' },
            event.allowed
              ? `connection ${event.host}:${event.port} (${event.via}) · ${event.bytes_out} B out, ${event.bytes_in} B in${event.reason === undefined ? '' : ` · failed: ${event.reason}`}`
              : `connection refused ${event.host}:${event.port} (${event.via}): ${event.reason ?? ''}`,
          ),
        );
      default:
        return h('li', { class: 'event' }, jsonBlock(event satisfies never, `json ${index}`));
    }
  });
  return h('ol', { class: 'timeline' }, items);
}

/** Call ids and event indexes an evidence object names, to link to the timeline. */
function evidenceLinks(evidence: unknown): Child {
  if (evidence === null || typeof evidence !== 'object' || Array.isArray(evidence)) return null;
  const record = evidence as Record<string, unknown>;
  const listed: unknown = record['call_ids'];
  const callIds = [
    record['call_id'],
    ...(Array.isArray(listed) ? (listed as unknown[]) : []),
  ].filter((id): id is string => typeof id === 'string');
  if (callIds.length === 0) return null;
  return h(
    'div',
    { class: 'evidence-links' },
    'calls: ',
    callIds.map((id) =>
      h('button', { type: 'button', class: 'call-link', 'data-call-link': id }, id),
    ),
  );
}

function renderCheck(check: Check): HTMLElement {
  return h(
    'li',
    { class: `check ${check.pass ? 'pass' : 'fail'}`, 'data-check': check.id },
    h(
      'div',
      { class: 'check-head' },
      h(
        'span',
        { class: `badge ${check.pass ? 'badge-pass' : 'badge-fail'}` },
        check.pass ? 'pass' : 'fail',
      ),
      ' ',
      h('code', { class: 'check-id' }, check.id),
      ' ',
      h('span', { class: 'muted' }, check.kind),
    ),
    h('div', { class: 'check-message' }, check.message),
    renderCheckDetail(check),
    evidenceLinks(check.evidence),
    h('details', { open: !check.pass }, h('summary', {}, 'evidence'), jsonBlock(check.evidence)),
  );
}

function checkGroup(title: string, pass: boolean, checks: readonly Check[]): HTMLElement {
  return h(
    'div',
    { class: 'check-group' },
    h(
      'h4',
      {},
      title,
      ' ',
      h('span', { class: `badge ${pass ? 'badge-pass' : 'badge-fail'}` }, pass ? 'pass' : 'fail'),
    ),
    checks.length === 0
      ? h('p', { class: 'muted' }, 'no checks')
      : h('ol', { class: 'checks' }, checks.map(renderCheck)),
  );
}

const NORMAL_EXITS: readonly string[] = ['finished', 'user_stop'];

/** What went wrong, up front: the failed checks, an abnormal exit, an error. */
function whyFailed(trial: TrialRecord): Child {
  if (trial.success) return null;
  const failed = failedChecks(trial);
  const items: Child[] = [
    NORMAL_EXITS.includes(trial.exit_reason)
      ? null
      : h('li', {}, `the trial ended with ${trial.exit_reason}`),
    trial.error === null ? null : h('li', { class: 'error-text' }, trial.error),
    failed.map((check) =>
      h('li', {}, h('code', {}, check.id), ` (${check.kind}): ${check.message}`),
    ),
  ];
  return h(
    'div',
    { class: 'why-failed' },
    h('h3', {}, trial.valid ? 'Why it failed' : 'Why it is invalid'),
    h('ul', {}, items),
  );
}

/** Everything about one trial: verdict, checks with evidence, state diff, conversation and tool calls. */
export function renderTrial(trial: TrialRecord): HTMLElement {
  const status = !trial.valid ? 'invalid' : trial.success ? 'success' : 'failure';
  const usage = trial.usage;
  const rawHolder = h('details', { class: 'raw' }, h('summary', {}, 'the whole record (JSON)'));
  rawHolder.addEventListener('toggle', () => {
    if (rawHolder.open && rawHolder.childElementCount === 1) rawHolder.append(jsonBlock(trial));
  });
  return h(
    'article',
    { class: `trial s-${status}`, 'data-trial-id': trial.trial_id },
    h(
      'header',
      {},
      h(
        'h2',
        {},
        trial.task_id,
        ` · attempt ${trial.attempt}`,
        trial.rerun > 0 ? ` (rerun ${trial.rerun})` : '',
        ' ',
        h('span', { class: `badge badge-${status}` }, status),
      ),
      facts([
        ['trial', code(trial.trial_id)],
        ['exit reason', trial.exit_reason],
        ['terminal reason', trial.terminal_reason],
        trial.error === null ? null : ['error', h('span', { class: 'error-text' }, trial.error)],
        ['seed', String(trial.seed)],
        ['task revision', String(trial.task_revision)],
        ['started', trial.started_at],
        [
          'usage',
          `${usage.steps} steps · ${usage.tool_calls} tool calls · ${usage.model_calls} model calls · ${integer(usage.input_tokens)} in / ${integer(usage.output_tokens)} out tokens · ${usd(usage.cost_usd)} · ${ms(usage.latency_ms)}${usage.retries > 0 ? ` · ${number(usage.retries)} retries` : ''}`,
        ],
        [
          'state',
          h(
            'span',
            {},
            code(trial.initial_state_hash?.slice(0, 12) ?? '—'),
            ' → ',
            code(trial.final_state_hash?.slice(0, 12) ?? '—'),
          ),
        ],
        [
          'labels',
          Object.entries(trial.labels)
            .map(([key, value]) => `${key}: ${value}`)
            .join(' · ') || '—',
        ],
      ]),
    ),
    whyFailed(trial),
    h(
      'section',
      { class: 'trace-checks' },
      h('h3', {}, 'Checks'),
      Object.keys(trial.grades).length === 0
        ? h('p', { class: 'muted' }, 'not graded')
        : Object.entries(trial.grades).map(([grader, grade]) =>
            checkGroup(
              `${GRADER_TITLES[grader] ?? grader} · ${grade.role}${grade.error === null ? '' : ` · grader error: ${grade.error}`}`,
              grade.pass,
              grade.checks,
            ),
          ),
    ),
    h(
      'section',
      { class: 'trace-diff' },
      h('h3', {}, 'State diff (s0 → final)'),
      renderStateDiff(trial.state_diff),
    ),
    h(
      'section',
      { class: 'trace-timeline' },
      h('h3', {}, `Conversation and tool calls (${trial.events.length} events)`),
      renderTimeline(trial.events),
      trial.final_answer === null
        ? null
        : [
            h('h4', {}, 'Final answer'),
            h('div', { class: 'text final-answer' }, trial.final_answer),
          ],
    ),
    rawHolder,
  );
}
