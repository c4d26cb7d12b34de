import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createRng, frozenClock } from '../core/index.js';
import type { JsonValue } from '../core/index.js';
import { createWorkingState, freezeState } from '../state/index.js';
import type { ResolvedCall } from './call-stage.js';
import { defineTool } from './define-tool.js';
import type { PastCall, ToolDefinition } from './define-tool.js';
import type { FaultInjector } from './fault-injector.js';
import { createOutbox } from './outbox.js';
import { runTool } from './run-tool.js';
import { toolError } from './tool-error.js';

const getOrder = defineTool({
  name: 'get_order',
  description: 'Look up an order.',
  input: z.object({ order_id: z.string().transform((id) => id.trim()) }),
  effect: 'read',
  run: ({ order_id }, { state }) =>
    state.get('orders', order_id) ?? toolError('not_found', `no order ${order_id}`),
});

function setup(definition: ToolDefinition = getOrder, args: JsonValue = { order_id: ' 1 ' }) {
  const state = createWorkingState(freezeState({ orders: { '1': { status: 'open' } } }));
  const clock = frozenClock('2026-10-05T09:00:00Z');
  const calls: PastCall[] = [];
  const heard: [string, boolean][] = [];
  const faults = { afterCall: (tool: string, ok: boolean) => heard.push([tool, ok]) };
  const call: ResolvedCall = {
    id: 'c1',
    tool: definition.name,
    args,
    definition,
    parsed: definition.input.safeParse(args),
    faults: faults as unknown as FaultInjector,
  };
  const readings = [10, 12.5];
  const context = {
    stopwatch: { elapsedMs: () => readings.shift() ?? 99 },
    toolContext: { state, clock, rng: createRng(1), outbox: createOutbox(state, clock), calls },
    calls,
  };
  return { call, context, calls, heard };
}

describe('runTool', () => {
  it('runs the tool on the parsed arguments, times it, and adds it to the past calls', async () => {
    const { call, context, calls, heard } = setup();
    expect(await runTool(call, context)).toEqual({
      type: 'next',
      call: { ...call, answer: { type: 'result', result: { status: 'open' }, durationMs: 2.5 } },
    });
    expect(calls).toEqual([{ tool: 'get_order', args: { order_id: ' 1 ' }, ok: true }]);
    expect(heard).toEqual([['get_order', true]]);
  });

  it('passes a tool error on as an answer, a past call that was not ok', async () => {
    const { call, context, calls, heard } = setup(getOrder, { order_id: '9' });
    expect(await runTool(call, context)).toMatchObject({
      type: 'next',
      call: { answer: { type: 'error', error: { code: 'not_found', message: 'no order 9' } } },
    });
    expect(calls).toEqual([{ tool: 'get_order', args: { order_id: '9' }, ok: false }]);
    expect(heard).toEqual([['get_order', false]]);
  });

  it('ends the call as a crash when the tool throws; it is no past call', async () => {
    const cause = new Error('database is down');
    const explode = defineTool({
      name: 'explode',
      description: 'Throws.',
      input: z.object({}),
      effect: 'read',
      run: () => {
        throw cause;
      },
    });
    const { call, context, calls, heard } = setup(explode, {});
    expect(await runTool(call, context)).toEqual({
      type: 'done',
      call,
      outcome: { type: 'crash', message: 'database is down', cause },
    });
    expect(calls).toEqual([]);
    expect(heard).toEqual([]);
  });

  it('ends the call as a crash when the tool answers what JSON cannot hold', async () => {
    const nan = defineTool({
      name: 'get_total',
      description: 'NaN.',
      input: z.object({}),
      effect: 'read',
      run: () => ({ total: NaN }),
    });
    const { call, context } = setup(nan, {});
    expect(await runTool(call, context)).toMatchObject({
      type: 'done',
      outcome: {
        type: 'crash',
        message: 'it returned a value JSON cannot hold: result.total is NaN',
      },
    });
  });

  it('ends the call as a crash when the tool runs past the tool timeout', async () => {
    const hang = defineTool({
      name: 'hang',
      description: 'Never answers.',
      input: z.object({}),
      effect: 'read',
      run: () => new Promise<never>(() => {}),
    });
    const { call, context } = setup(hang, {});
    expect(await runTool(call, { ...context, toolTimeoutMs: 5 })).toMatchObject({
      type: 'done',
      outcome: {
        type: 'crash',
        message: 'it did not return within 0.005 s (limits.tool_timeout_s)',
      },
    });
  });
});
