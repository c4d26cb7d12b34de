import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createWorkingState } from '../state/index.js';
import type { CallRequest } from './call-stage.js';
import { defineEnvironment } from './define-environment.js';
import { defineTool } from './define-tool.js';
import { createEventLog } from './event-log.js';
import { resolveTool } from './resolve-tool.js';

const getOrder = defineTool({
  name: 'get_order',
  description: 'Look up an order.',
  input: z.object({ order_id: z.string() }),
  effect: 'read',
  scope: ({ order_id }, state) => {
    if (order_id === 'broken') throw new Error('no customers table');
    const customer = state.get('orders', order_id)?.customer;
    return typeof customer === 'string' ? customer : undefined;
  },
  run: ({ order_id }, { state }) => state.get('orders', order_id) ?? null,
});
const environment = defineEnvironment({
  name: 'shop',
  version: '1',
  policy: '',
  fixture: { orders: { '1': { customer: 'ana' } } },
  tools: [getOrder],
});

function resolve(tool: string, args: unknown) {
  const log = createEventLog({ elapsedMs: () => 0 });
  const request: CallRequest = { id: 'c1', tool, args: args as never };
  const state = createWorkingState(environment.fixture);
  return { step: resolveTool(request, { environment, state, log }), log };
}

describe('resolveTool', () => {
  it('finds the tool, parses the arguments and records the attempt with whose records it touches', () => {
    const { step, log } = resolve('get_order', { order_id: '1' });
    expect(step).toMatchObject({
      type: 'next',
      call: { tool: 'get_order', definition: getOrder, parsed: { success: true }, scope: 'ana' },
    });
    expect(log.events).toEqual([
      {
        t_ms: 0,
        kind: 'tool_call',
        call_id: 'c1',
        tool: 'get_order',
        args: { order_id: '1' },
        scope: 'ana',
      },
    ]);
  });

  it('lets invalid arguments on, unscoped: checking them is a later stage', () => {
    const { step, log } = resolve('get_order', { order_id: 1 });
    expect(step).toMatchObject({ type: 'next', call: { parsed: { success: false } } });
    expect(step.type === 'next' && 'scope' in step.call).toBe(false);
    expect(log.events[0]).not.toHaveProperty('scope');
  });

  it('ends a call of an unknown tool, after recording it, listing the tools there are', () => {
    const { step, log } = resolve('refund', {});
    expect(step).toMatchObject({
      type: 'done',
      outcome: {
        type: 'error',
        error: {
          code: 'unknown_tool',
          message: 'there is no tool named "refund"',
          available: ['get_order'],
        },
      },
    });
    expect(log.events.map((event) => event.kind)).toEqual(['tool_call']);
  });

  it('ends the call as a crash when the scope rule throws, after recording it unscoped', () => {
    const { step, log } = resolve('get_order', { order_id: 'broken' });
    expect(step).toMatchObject({
      type: 'done',
      outcome: { type: 'crash', message: 'scope rule failed: no customers table' },
    });
    expect(log.events).toEqual([expect.not.objectContaining({ scope: expect.anything() })]);
  });
});
