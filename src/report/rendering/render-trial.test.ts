import { describe, expect, it } from 'vitest';
import type { TrialEvent, TrialRecord } from '../../schema/index.js';
import { buildGrade, buildGrades, buildTrialRecord } from '../../testing/index.js';
import { renderTrial } from './render-trial.js';

const ESCAPE = '\u001b';

/** A failed refund: a wrong order id answered with an error, a lost acknowledgement, a blocked call. */
const events: TrialEvent[] = [
  { t_ms: 1, kind: 'user', text: 'Refund order 8842, please.', source: 'instruction' },
  { t_ms: 2, kind: 'tool_call', call_id: 'c1', tool: 'get_order', args: { order_id: '8843' } },
  {
    t_ms: 3,
    kind: 'tool_result',
    call_id: 'c1',
    tool: 'get_order',
    ok: false,
    error: { code: 'order_not_found', message: 'There is no order "8843".' },
    duration_ms: 0.5,
  },
  {
    t_ms: 4,
    kind: 'tool_call',
    call_id: 'c2',
    tool: 'send_email',
    args: { to: 'ana@example.com' },
  },
  {
    t_ms: 5,
    kind: 'fault',
    call_id: 'c2',
    tool: 'send_email',
    fault: 'lost_ack',
    source: 'faults[0]',
    detail: 'the call ran; the agent saw a timeout',
  },
  {
    t_ms: 6,
    kind: 'tool_result',
    call_id: 'c2',
    tool: 'send_email',
    ok: false,
    error: { code: 'timeout', message: 'send_email did not answer' },
    duration_ms: 20,
  },
  { t_ms: 7, kind: 'tool_call', call_id: 'c3', tool: 'delete_order', args: { order_id: '8842' } },
  {
    t_ms: 8,
    kind: 'blocked',
    call_id: 'c3',
    tool: 'delete_order',
    reason: 'denied',
    message: 'calling delete_order is not permitted in this task',
  },
  { t_ms: 9, kind: 'tool_call', call_id: 'c4', tool: 'get_order', args: { order_id: '8842' } },
  {
    t_ms: 10,
    kind: 'tool_result',
    call_id: 'c4',
    tool: 'get_order',
    ok: true,
    result: { order_id: '8842', status: 'delivered' },
    duration_ms: 0.25,
  },
  { t_ms: 11, kind: 'agent', text: 'Done: refunded.', final: true },
];

const failed = (overrides: Partial<TrialRecord> = {}): TrialRecord =>
  buildTrialRecord({
    task_id: 'refund-8842',
    attempt: 2,
    events,
    final_answer: 'Done: refunded.',
    state_diff: {
      outbox: {
        'msg-1': { before: null, after: { to: 'ana@example.com', subject: 'Refund' } },
      },
      orders: {
        '8842': {
          before: { status: 'delivered', total_cents: 4299 },
          after: { status: 'cancelled', total_cents: 4299 },
        },
      },
    },
    grades: {
      ...buildGrades({
        outcome: [
          {
            id: 'expect.changes[0]',
            kind: 'set',
            pass: false,
            message: 'orders/8842/status is "cancelled", expected "refunded"',
            evidence: { record: 'orders/8842', expected: 'refunded', actual: 'cancelled' },
          },
          {
            id: 'expect.unchanged',
            kind: 'collateral',
            pass: true,
            message: 'nothing changed beyond the expected changes',
            evidence: null,
          },
        ],
        constraints: [
          {
            id: 'constraints[0]',
            kind: 'forbid',
            pass: false,
            message: 'delete_order was attempted 1 time(s)',
            evidence: { call_ids: ['c3'] },
          },
        ],
      }),
      trajectory: buildGrade(
        [
          {
            id: 'reference',
            kind: 'in_order',
            pass: false,
            message: 'the reference path was not followed',
            evidence: null,
          },
        ],
        { role: 'diagnostic' },
      ),
    },
    usage: {
      ...buildTrialRecord({ task_id: 't', attempt: 1 }).usage,
      steps: 4,
      tool_calls: 4,
      input_tokens: 1200,
      output_tokens: 80,
      cost_usd: 0.0123,
      latency_ms: 1534,
    },
    ...overrides,
  });

describe('renderTrial', () => {
  it('shows the header: task, attempt, verdict, reasons, cost, tokens and duration', () => {
    const lines = renderTrial(failed(), { color: false }).split('\n');
    expect(lines.slice(0, 4)).toEqual([
      'refund-8842 · attempt 2 · FAILED',
      'run        run · trial run/refund-8842/2.0 · seed 1 · task revision 1',
      'verdict    success no · terminal agent_failure · exit finished',
      'usage      $0.0123 · tokens 1200 in / 80 out · 4 steps · 4 tool calls · 0 model calls · 1.53 s',
    ]);
  });

  it('shows the conversation in order, each call with its arguments and its result, error, fault or block', () => {
    const text = renderTrial(failed(), { color: false });
    const from = text.indexOf('Conversation');
    expect(text.slice(from, text.indexOf('State diff'))).toMatchInlineSnapshot(`
      "Conversation and tool calls (11 events)
          1.0 ms  user (instruction)  Refund order 8842, please.
          2.0 ms  tool call get_order c1  {"order_id":"8843"}
                  → error order_not_found: There is no order "8843".
          4.0 ms  tool call send_email c2  {"to":"ana@example.com"}
                  ⚡ fault lost_ack (faults[0]): the call ran; the agent saw a timeout
                  → error timeout: send_email did not answer
          7.0 ms  tool call delete_order c3  {"order_id":"8842"}
                  ⛔ blocked: denied tool: calling delete_order is not permitted in this task
          9.0 ms  tool call get_order c4  {"order_id":"8842"}
                  → ok {"order_id":"8842","status":"delivered"} 0.3 ms
         11.0 ms  agent · final answer  Done: refunded.

      "
    `);
  });

  it('shows the state diff record by record, with each changed field before and after', () => {
    const text = renderTrial(failed(), { color: false });
    const from = text.indexOf('State diff');
    expect(text.slice(from, text.indexOf('Failed checks'))).toMatchInlineSnapshot(`
      "State diff (s0 → final): 2 record(s) changed
        outbox/msg-1 inserted
          to = "ana@example.com"
          subject = "Refund"
        orders/8842 updated (1 field(s) unchanged)
          status: "delivered" → "cancelled"

      "
    `);
  });

  it('shows every failed check of gates and constraints with its evidence, and failed diagnostics apart', () => {
    const text = renderTrial(failed(), { color: false });
    expect(text.slice(text.indexOf('Failed checks'))).toMatchInlineSnapshot(`
      "Failed checks (2)
        ✗ outcome expect.changes[0] (set): orders/8842/status is "cancelled", expected "refunded"
            evidence {"record":"orders/8842","expected":"refunded","actual":"cancelled"}
        ✗ constraints constraints[0] (forbid): delete_order was attempted 1 time(s)
            evidence {"call_ids":["c3"]}
        diagnostic checks failed (not part of success): trajectory reference"
    `);
  });

  it('shows the path, expected and actual values of a failed check, and the values an assertion read', () => {
    const text = renderTrial(
      failed({
        grades: buildGrades({
          outcome: [
            {
              id: 'expect.changes[0]',
              kind: 'set',
              pass: false,
              message: 'orders/8842/status is "refunded", expected "reimbursed"',
              evidence: { record: 'orders/8842' },
              path: 'orders/8842/status',
              expected: 'reimbursed',
              actual: 'refunded',
            },
            {
              id: 'expect.changes[1]',
              kind: 'set',
              pass: false,
              message: 'orders/8842/refund_id is absent, expected "RF-1"',
              evidence: { record: 'orders/8842' },
              path: 'orders/8842/refund_id',
              expected: 'RF-1',
            },
            {
              id: 'expect.assert[0]',
              kind: 'assert',
              pass: false,
              message: 'sT.refunds.size() == 1 is false',
              evidence: { expression: 'sT.refunds.size() == 1', value: false },
              expression: 'sT.refunds.size() == 1',
              read: [{ expression: 'sT.refunds.size()', value: 0 }],
            },
          ],
        }),
      }),
      { color: false },
    );
    expect(text.slice(text.indexOf('Failed checks'))).toMatchInlineSnapshot(`
      "Failed checks (3)
        ✗ outcome expect.changes[0] (set): orders/8842/status is "refunded", expected "reimbursed"
            path     orders/8842/status
            expected "reimbursed"
            actual   "refunded"
            evidence {"record":"orders/8842"}
        ✗ outcome expect.changes[1] (set): orders/8842/refund_id is absent, expected "RF-1"
            path     orders/8842/refund_id
            expected "RF-1"
            actual   (absent)
            evidence {"record":"orders/8842"}
        ✗ outcome expect.assert[0] (assert): sT.refunds.size() == 1 is false
            read     sT.refunds.size() = 0
            evidence {"expression":"sT.refunds.size() == 1","value":false}"
    `);
  });

  it('shows grader errors, and says when nothing changed', () => {
    const text = renderTrial(
      failed({
        state_diff: {},
        terminal_reason: 'grader_failure',
        valid: false,
        grades: {
          outcome: buildGrade([], { pass: false, error: 'the task has no expected value' }),
        },
      }),
      { color: false },
    );
    expect(text).toContain('refund-8842 · attempt 2 · INVALID');
    expect(text).toContain('nothing changed: the final state equals s0');
    expect(text).toContain('Grader errors (1; the trial is a grader failure)');
    expect(text).toContain('  Outcome (the final state): the task has no expected value');
  });

  it('cuts long values and texts with a marker saying how much was left out', () => {
    const text = renderTrial(
      failed({
        events: [
          { t_ms: 1, kind: 'user', text: 'x'.repeat(50), source: 'instruction' },
          {
            t_ms: 2,
            kind: 'tool_call',
            call_id: 'c1',
            tool: 'search',
            args: { q: 'y'.repeat(40) },
          },
        ],
      }),
      { color: false, maxValueChars: 20, maxTextChars: 30 },
    );
    expect(text).toContain(`user (instruction)  ${'x'.repeat(30)} … [20 more chars]`);
    expect(text).toContain(
      `search c1  {"q":"${'y'.repeat(14)} … [${JSON.stringify({ q: 'y'.repeat(40) }).length - 20} more chars]`,
    );
    expect(text).toContain('no answer recorded');
  });

  it('colours a terminal with ANSI codes, and writes none without colour', () => {
    expect(renderTrial(failed(), { color: true })).toContain(`${ESCAPE}[31mFAILED${ESCAPE}[39m`);
    expect(renderTrial(failed(), { color: false })).not.toContain(ESCAPE);
  });

  it('shows escape codes an agent wrote as text, so they cannot drive the terminal', () => {
    const text = renderTrial(
      failed({
        events: [{ t_ms: 1, kind: 'agent', text: `hi ${ESCAPE}[2J\u0007there`, final: true }],
      }),
      { color: true },
    );
    expect(text).toContain('hi \\u001b[2J\\u0007there');
    expect(text).not.toContain(`${ESCAPE}[2J`);
  });

  it('shows the final answer apart when the conversation does not end with it', () => {
    const text = renderTrial(failed({ events: [], final_answer: 'Refunded $42.99.' }), {
      color: false,
    });
    expect(text).toContain('  none recorded');
    expect(text).toContain('Final answer\n  Refunded $42.99.');
  });
});

describe('renderTrial with a user who helps', () => {
  it("marks the user's calls (a take-over, their own tool) and each assistance with its rule", () => {
    const helped: TrialEvent[] = [
      { t_ms: 1, kind: 'user', text: 'It is 8842.', source: 'script' },
      { t_ms: 2, kind: 'assist', type: 'hint', source: 'user.script[0]' },
      {
        t_ms: 3,
        kind: 'tool_call',
        call_id: 'c1',
        tool: 'check_eligibility',
        args: { order_id: '8842' },
        by: 'user',
      },
      {
        t_ms: 4,
        kind: 'tool_result',
        call_id: 'c1',
        tool: 'check_eligibility',
        ok: true,
        result: { eligible: true },
        duration_ms: 1,
        by: 'user',
      },
      { t_ms: 5, kind: 'assist', type: 'take_over', source: 'user.script[1]', call_id: 'c1' },
      {
        t_ms: 6,
        kind: 'tool_call',
        call_id: 'c2',
        tool: 'toggle_airplane_mode',
        args: {},
        by: 'user',
        side: 'user',
      },
      {
        t_ms: 7,
        kind: 'tool_call',
        call_id: 'c3',
        tool: 'get_order',
        args: { order_id: '8842' },
      },
    ];
    const text = renderTrial(buildTrialRecord({ task_id: 't', attempt: 1, events: helped }), {
      color: false,
    });
    expect(text).toContain('tool call by the user check_eligibility c1');
    expect(text).toContain("user's own tool toggle_airplane_mode c2");
    expect(text).toMatch(/ {2}tool call get_order c3/);
    expect(text).toContain('user assisted: hint (user.script[0])');
    expect(text).toContain('user assisted: took over c1 (user.script[1])');
  });
});
