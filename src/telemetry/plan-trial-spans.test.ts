import { describe, expect, it } from 'vitest';
import type { TrialEvent } from '../schema/index.js';
import { buildRunRecord, buildTrialRecord } from '../testing/index.js';
import { planTrialSpans } from './plan-trial-spans.js';

const STARTED = '2026-11-30T10:00:00.000Z';
const startMs = Date.parse(STARTED);

const usage = (t_ms: number, input: number, output: number, cost: number | null): TrialEvent => ({
  t_ms,
  kind: 'usage',
  role: 'agent',
  model: 'openai-compatible:fake-model',
  input_tokens: input,
  output_tokens: output,
  cached_input_tokens: 0,
  cost_usd: cost,
  wait_ms: 0,
  retries: 0,
});

/** user → model call → tool call (ok) → model call → blocked call → model call → answer. */
const events: TrialEvent[] = [
  { t_ms: 0.5, kind: 'user', text: 'Refund order 8842', source: 'instruction' },
  usage(40, 100, 20, 0.0004),
  { t_ms: 41, kind: 'tool_call', call_id: 'c1', tool: 'get_order', args: { id: '8842' } },
  { t_ms: 41.2, kind: 'fault', call_id: 'c1', tool: 'get_order', fault: 'timeout' },
  {
    t_ms: 43,
    kind: 'tool_result',
    call_id: 'c1',
    tool: 'get_order',
    ok: false,
    error: { code: 'timeout', message: 'the tool did not answer' },
    duration_ms: 2,
  },
  usage(90, 150, 10, 0.0005),
  { t_ms: 91, kind: 'tool_call', call_id: 'c2', tool: 'delete_order', args: { id: '8842' } },
  {
    t_ms: 91.5,
    kind: 'blocked',
    call_id: 'c2',
    tool: 'delete_order',
    reason: 'denied',
    message: 'delete_order is not allowed in this task',
  },
  { t_ms: 92, kind: 'tool_call', call_id: 'c3', tool: 'get_order', args: { id: '8842' } },
  {
    t_ms: 95,
    kind: 'tool_result',
    call_id: 'c3',
    tool: 'get_order',
    ok: true,
    result: { id: '8842' },
    duration_ms: 3,
  },
  usage(130, 200, 30, 0.0006),
  { t_ms: 131, kind: 'agent', text: 'Done.', final: true },
];

const system = buildRunRecord(['refund-8842'], {
  system: {
    agent: { kind: 'llm', name: 'llm', version: '2', options: {} },
    model: {
      provider: 'openai-compatible',
      id: 'fake-model',
      base_url: 'http://127.0.0.1:8000/v1',
      temperature: 0,
    },
  },
}).system;

const trial = buildTrialRecord({
  task_id: 'refund-8842',
  attempt: 2,
  success: true,
  events,
  started_at: STARTED,
  usage: {
    ...buildTrialRecord({ task_id: 't', attempt: 1 }).usage,
    steps: 3,
    tool_calls: 3,
    model_calls: 3,
    input_tokens: 450,
    output_tokens: 60,
    cost_usd: 0.0015,
    latency_ms: 140,
  },
});

describe('planTrialSpans', () => {
  const span = planTrialSpans(trial, system);

  it('makes an invoke_agent span over the trial, from started_at for latency_ms', () => {
    expect(span).toMatchObject({
      name: 'invoke_agent llm',
      kind: 'internal',
      startMs,
      endMs: startMs + 140,
      error: null,
    });
    expect(span.attributes).toMatchObject({
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.agent.name': 'llm',
      'gen_ai.provider.name': 'openai-compatible',
      'gen_ai.request.model': 'fake-model',
      'gen_ai.conversation.id': 'run/refund-8842/2.0',
      'gen_ai.usage.input_tokens': 450,
      'gen_ai.usage.output_tokens': 60,
      'endstate.cost_usd': 0.0015,
      'endstate.run.id': 'run',
      'endstate.task.id': 'refund-8842',
      'endstate.trial.attempt': 2,
      'endstate.trial.success': true,
      'endstate.trial.terminal_reason': 'success',
      'endstate.trial.exit_reason': 'finished',
    });
  });

  it('puts model and tool calls under the trial in the order they started', () => {
    expect(span.children.map((child) => child.name)).toEqual([
      'chat fake-model',
      'execute_tool get_order',
      'chat fake-model',
      'execute_tool delete_order',
      'execute_tool get_order',
      'chat fake-model',
    ]);
  });

  it('starts a model call at the event before its usage and ends it at the usage', () => {
    const chats = span.children.filter((child) => child.kind === 'client');
    expect(chats.map((chat) => [chat.startMs - startMs, chat.endMs - startMs])).toEqual([
      [0.5, 40],
      [43, 90],
      [95, 130],
    ]);
    expect(chats[1]!.attributes).toMatchObject({
      'gen_ai.operation.name': 'chat',
      'gen_ai.usage.input_tokens': 150,
      'gen_ai.usage.output_tokens': 10,
      'gen_ai.request.temperature': 0,
      'server.address': '127.0.0.1',
      'server.port': 8000,
      'endstate.cost_usd': 0.0005,
      'endstate.model.role': 'agent',
    });
  });

  it('sums the model calls to the trial’s tokens', () => {
    const chats = span.children.filter((child) => child.kind === 'client');
    const sum = (name: string): number =>
      chats.reduce((total, chat) => total + Number(chat.attributes[name]), 0);
    expect(sum('gen_ai.usage.input_tokens')).toBe(trial.usage.input_tokens);
    expect(sum('gen_ai.usage.output_tokens')).toBe(trial.usage.output_tokens);
  });

  it('times a tool call from its call to its answer and names its error', () => {
    const tools = span.children.filter((child) => child.kind === 'internal');
    expect(tools.map((tool) => [tool.startMs - startMs, tool.endMs - startMs])).toEqual([
      [41, 43],
      [91, 91.5],
      [92, 95],
    ]);
    expect(tools[0]!.attributes).toMatchObject({
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'get_order',
      'gen_ai.tool.call.id': 'c1',
      'error.type': 'timeout',
      'endstate.tool.faults': ['timeout'],
    });
    expect(tools[0]!.error).toEqual({ type: 'timeout', message: 'the tool did not answer' });
    expect(tools[1]!.attributes).toMatchObject({
      'error.type': 'blocked',
      'endstate.tool.blocked': 'denied',
    });
    expect(tools[2]!.error).toBeNull();
    expect(tools[2]!.attributes).not.toHaveProperty('error.type');
  });

  it("records each grader's verdict as an evaluation result event", () => {
    expect(span.events).toEqual([
      {
        name: 'gen_ai.evaluation.result',
        timeMs: startMs + 140,
        attributes: {
          'gen_ai.evaluation.name': 'outcome',
          'gen_ai.evaluation.score.label': 'pass',
          'gen_ai.evaluation.score.value': 1,
          'endstate.evaluation.role': 'gate',
        },
      },
    ]);
  });

  it('marks a trial that crashed mid-call as an error and ends the open call with it', () => {
    const crashed = planTrialSpans(
      {
        ...trial,
        events: events.slice(0, 3),
        exit_reason: 'tool_crash',
        terminal_reason: 'environment_failure',
        valid: false,
        success: false,
        error: 'get_order threw',
      },
      system,
    );
    expect(crashed.error).toEqual({ type: 'tool_crash', message: 'get_order threw' });
    expect(crashed.attributes['error.type']).toBe('tool_crash');
    const open = crashed.children.find((child) => child.name === 'execute_tool get_order');
    expect(open).toMatchObject({ endMs: startMs + 140, error: { type: 'unanswered' } });
  });

  it('leaves the cost out when a call was not priced, rather than saying 0', () => {
    const unpriced = planTrialSpans(
      {
        ...trial,
        events: [usage(10, 5, 5, null)],
        usage: { ...trial.usage, cost_usd: null },
      },
      system,
    );
    expect(unpriced.attributes).not.toHaveProperty('endstate.cost_usd');
    expect(unpriced.children[0]!.attributes).not.toHaveProperty('endstate.cost_usd');
  });
});
