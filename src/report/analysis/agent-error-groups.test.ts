import { describe, expect, it } from 'vitest';
import type { RunRecord, TrialEvent, TrialRecord } from '../../schema/index.js';
import { buildRunRecord, buildTrialRecord } from '../../testing/index.js';
import { agentErrorKinds, maskErrorMessage } from './agent-error-groups.js';
import { buildScorecard } from './build-scorecard.js';
import { renderTerminal } from '../rendering/render-terminal.js';

let nextCall = 1;

/** A call of `tool` answered with an error; with `fault`, an injected fault caused it. */
function erroredCall(tool: string, code: string, message: string, fault?: string): TrialEvent[] {
  const callId = `c${nextCall++}`;
  return [
    { t_ms: 1, kind: 'tool_call', call_id: callId, tool, args: {} },
    ...(fault === undefined
      ? []
      : [{ t_ms: 2, kind: 'fault' as const, call_id: callId, tool, fault }]),
    {
      t_ms: 3,
      kind: 'tool_result',
      call_id: callId,
      tool,
      ok: false,
      error: { code, message },
      duration_ms: 0,
    },
  ];
}

const notFound = (id: string): string => `There is no order "${id}". Check the number.`;

function trial(taskId: string, attempt: number, overrides: Partial<TrialRecord>): TrialRecord {
  return buildTrialRecord({ task_id: taskId, attempt, ...overrides });
}

const trials: TrialRecord[] = [
  trial('refund', 1, {
    events: [
      ...erroredCall('get_order', 'order_not_found', notFound('8843')),
      ...erroredCall('check_eligibility', 'order_not_found', notFound('8871')),
      ...erroredCall('send_email', 'timeout', 'send_email did not answer within 20 ms', 'timeout'),
      ...erroredCall('get_order', 'tool_crash', 'TypeError: boom'),
    ],
  }),
  trial('refund', 2, {
    events: [
      ...erroredCall('get_order', 'order_not_found', notFound('8852')),
      ...erroredCall(
        'process_refund',
        'invalid_arguments',
        'arguments of process_refund do not match its schema',
      ),
    ],
  }),
  trial('quote', 1, {
    exit_reason: 'agent_error',
    error:
      "agent error: line 3 of the program's stdout is not JSON (Unexpected token 'H'). Line 3: Hello\nmore",
  }),
  trial('quote', 2, {
    exit_reason: 'agent_error',
    error:
      "agent error: line 1 of the program's stdout is not JSON (Unexpected end). Line 1: Hi (me)",
  }),
  // Invalid trials (a provider error) are left out: the provider errors have their own section.
  trial('quote', 3, {
    valid: false,
    exit_reason: 'provider_error',
    error: 'HTTP 503',
    events: erroredCall('get_order', 'order_not_found', notFound('9999')),
  }),
];

describe('agentErrorKinds', () => {
  it('masks quoted values and numbers and keeps the first line', () => {
    expect(maskErrorMessage('There is no order "8843".\nsecond line')).toBe(
      'There is no order "…".',
    );
    expect(maskErrorMessage('amount_cents 1900 is not 42.99 (the refundable amount)')).toBe(
      'amount_cents # is not # (…)',
    );
  });

  it("groups valid trials' tool errors and agent errors by masked message, most frequent first, faults and crashes left out", () => {
    expect(agentErrorKinds(trials)).toEqual({
      kinds: 3,
      occurrences: 6,
      trials: 4,
      top: [
        {
          source: 'tool_error',
          code: 'order_not_found',
          pattern: 'There is no order "…". Check the number.',
          tools: ['get_order', 'check_eligibility'],
          occurrences: 3,
          trials: 2,
          example: {
            trial_id: 'run/refund/1.0',
            task_id: 'refund',
            attempt: 1,
            message: notFound('8843'),
            headline: notFound('8843'),
          },
        },
        expect.objectContaining({
          source: 'agent_error',
          code: 'agent_error',
          pattern: "agent error: line # of the program's stdout is not JSON (…). Line #: …",
          tools: [],
          occurrences: 2,
          trials: 2,
        }),
        expect.objectContaining({ code: 'invalid_arguments', occurrences: 1, trials: 1 }),
      ],
    });
  });

  it('masks single-quoted values but not apostrophes', () => {
    expect(
      maskErrorMessage("Error: Cannot find module '/tmp/a/agent.mjs' (the program's file)"),
    ).toBe("Error: Cannot find module '…' (…)");
    expect(maskErrorMessage("line 2 of the program's stdout is not JSON")).toBe(
      "line # of the program's stdout is not JSON",
    );
  });

  it("groups programs that exited early by the first stderr line naming an error, and keeps one trial's unmasked", () => {
    const exited = (module: string): string =>
      'agent error: the program exited with exit code 1 before sending a final message; its stderr ends with:\n' +
      'node:internal/modules/cjs/loader:1210\n  throw err;\n  ^\n\n' +
      `Error: Cannot find module '${module}'\n    at Module._resolveFilename (node:internal/modules/cjs/loader:1207:15)\n\nNode.js v20.20.2`;
    const crashed = (taskId: string, attempt: number, error: string): TrialRecord =>
      trial(taskId, attempt, { exit_reason: 'agent_error', error });
    const kinds = agentErrorKinds([
      crashed('a', 1, exited('/work/a/agent.mjs')),
      crashed('b', 1, exited('/work/b/agent.mjs')),
      crashed(
        'c',
        1,
        'agent error: the program exited with exit code 1 before sending a final message; its stderr ends with:\n' +
          'Traceback (most recent call last):\n  File "agent.py", line 1, in <module>\n    import openai\n' +
          "ModuleNotFoundError: No module named 'openai'",
      ),
    ]);
    expect(kinds.top).toEqual([
      expect.objectContaining({
        pattern:
          "agent error: the program exited with exit code # before sending a final message; its stderr ends with: Error: Cannot find module '…'",
        occurrences: 2,
        example: expect.objectContaining({
          trial_id: 'run/a/1.0',
          headline:
            "agent error: the program exited with exit code 1 before sending a final message; its stderr ends with: Error: Cannot find module '/work/a/agent.mjs'",
        }),
      }),
      expect.objectContaining({
        pattern:
          "agent error: the program exited with exit code # before sending a final message; its stderr ends with: ModuleNotFoundError: No module named '…'",
        occurrences: 1,
      }),
    ]);
  });

  it('keeps the most frequent kinds only, and counts them all', () => {
    const many = [1, 2, 3, 4, 5, 6, 7].map((n) =>
      trial('t', n, {
        events: Array.from({ length: n }, () =>
          erroredCall('tool', `code_${'x'.repeat(n)}`, 'no'),
        ).flat(),
      }),
    );
    const kinds = agentErrorKinds(many);
    expect(kinds.kinds).toBe(7);
    expect(kinds.occurrences).toBe(28);
    expect(kinds.top.map((group) => group.occurrences)).toEqual([7, 6, 5, 4, 3]);
  });
});

describe('the scorecard in the terminal: Agent errors', () => {
  const run = (taskIds: string[]): RunRecord => buildRunRecord(taskIds, { trials_per_task: 3 });

  it('lists each kind with its count and a trial to show', () => {
    const card = buildScorecard(run(['quote', 'refund']), trials);
    const lines = renderTerminal(card).split('\n');
    const from = lines.findIndex((line) => line.startsWith('Agent errors'));
    expect(lines.slice(from, from + 10)).toEqual([
      'Agent errors (6 in 4 valid trial(s), 3 kind(s), all; quoted values and numbers masked)',
      '      3× in 2 trial(s)  tool error order_not_found (get_order, check_eligibility): There is no order "…". Check the number.',
      '         e.g. There is no order "8843". Check the number.',
      `              endstate show refund 1 --run ${card.run_id}`,
      "      2× in 2 trial(s)  agent error (crash or protocol): agent error: line # of the program's stdout is not JSON (…). Line #: …",
      "         e.g. agent error: line 3 of the program's stdout is not JSON (Unexpected token 'H'). Line 3: Hello",
      `              endstate show quote 1 --run ${card.run_id}`,
      '      1× in 1 trial(s)  tool error invalid_arguments (process_refund): arguments of process_refund do not match its schema',
      '         e.g. arguments of process_refund do not match its schema',
      `              endstate show refund 2 --run ${card.run_id}`,
    ]);
  });

  it('has no such section when no agent erred', () => {
    const card = buildScorecard(run(['refund']), [trial('refund', 1, { success: true })]);
    expect(renderTerminal(card)).not.toContain('Agent errors');
  });
});
