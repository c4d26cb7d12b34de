import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createRng, frozenClock } from '../core/index.js';
import { ToolPresentSchema } from '../schema/index.js';
import type { ToolPresent } from '../schema/index.js';
import { createWorkingState } from '../state/index.js';
import { defineEnvironment } from './define-environment.js';
import { defineTool } from './define-tool.js';
import { createDispatcher } from './dispatcher.js';
import { createEventLog } from './event-log.js';
import { createToolPresentation } from './tool-presentation.js';

const tools = ['get_order', 'list_orders', 'cancel_order'].map((name) =>
  defineTool({
    name,
    description: `${name} as written`,
    input: z.object({ order_id: z.string() }),
    effect: name === 'cancel_order' ? 'irreversible' : 'read',
    run: ({ order_id }, { state }) => {
      if (name === 'cancel_order')
        state.update('orders', order_id, (order) => {
          order.status = 'cancelled';
        });
      return { order_id, by: name };
    },
  }),
);

const environment = defineEnvironment({
  name: 'shop',
  version: '1',
  policy: 'Be nice.',
  fixture: { orders: { '1': { status: 'open' } } },
  tools,
});

const present = (spec: object): ToolPresent => ToolPresentSchema.parse(spec);

function dispatcherWith(spec: object) {
  const presentation = createToolPresentation(environment.descriptors, present(spec));
  const state = createWorkingState(environment.fixture);
  const log = createEventLog({ elapsedMs: () => 0 });
  const dispatcher = createDispatcher({
    environment,
    state,
    clock: frozenClock('2026-01-01T00:00:00Z'),
    rng: createRng(1),
    log,
    stopwatch: { elapsedMs: () => 0 },
    access: { deny: [] },
    presentation,
  });
  return { dispatcher, log, state, presentation };
}

describe('createToolPresentation', () => {
  it('shows the listed tools first, in the listed order, then the rest in their own order', () => {
    const shown = createToolPresentation(
      environment.descriptors,
      present({ order: ['cancel_order'] }),
    );
    expect(shown.descriptors.map((tool) => tool.name)).toEqual([
      'cancel_order',
      'get_order',
      'list_orders',
    ]);
  });

  it('shows renamed and reworded tools, and decoys after the real ones as read-only', () => {
    const shown = createToolPresentation(
      environment.descriptors,
      present({
        rename: { get_order: 'lookup_order' },
        describe: { list_orders: 'Lists orders.' },
        extra: [{ name: 'get_weather', description: 'Weather.', result: { sunny: true } }],
      }),
    );
    expect(
      shown.descriptors.map(({ name, description, effect }) => [name, description, effect]),
    ).toEqual([
      ['lookup_order', 'get_order as written', 'read'],
      ['list_orders', 'Lists orders.', 'read'],
      ['cancel_order', 'cancel_order as written', 'irreversible'],
      ['get_weather', 'Weather.', 'read'],
    ]);
    expect(shown.descriptors[0]!.input_schema).toEqual(environment.descriptors[0]!.input_schema);
  });

  it('leaves the descriptors unchanged without a present block', () => {
    const shown = createToolPresentation(environment.descriptors, undefined);
    expect(shown.descriptors).toBe(environment.descriptors);
    expect(shown.resolve('anything')).toEqual({ type: 'tool', name: 'anything' });
  });
});

describe('the dispatcher with a presentation', () => {
  it('runs the real tool for a shown name and records the call under the real name', async () => {
    const { dispatcher, log } = dispatcherWith({ rename: { cancel_order: 'void_order' } });
    const result = await dispatcher.call('void_order', { order_id: '1' });
    expect(result).toEqual({ ok: true, result: { order_id: '1', by: 'cancel_order' } });
    expect(log.events.map((event) => ('tool' in event ? event.tool : event.kind))).toEqual([
      'cancel_order',
      'cancel_order',
    ]);
    expect(dispatcher.calls.map((call) => call.tool)).toEqual(['cancel_order']);
  });

  it('still answers a renamed tool under its real name', async () => {
    const { dispatcher } = dispatcherWith({ rename: { get_order: 'lookup_order' } });
    expect((await dispatcher.call('get_order', { order_id: '1' })).ok).toBe(true);
  });

  it('answers a decoy with its fixed result, changing nothing and running no tool', async () => {
    const { dispatcher, log, state } = dispatcherWith({
      extra: [{ name: 'get_weather', description: 'Weather.', result: { sunny: true } }],
    });
    const before = state.get('orders', '1');
    expect(await dispatcher.call('get_weather', { city: 'Oslo' })).toEqual({
      ok: true,
      result: { sunny: true },
    });
    expect(state.get('orders', '1')).toEqual(before);
    expect(dispatcher.calls).toEqual([]);
    expect(log.events.map((event) => event.kind)).toEqual(['tool_call', 'tool_result']);
  });

  it("records a user's own call of a decoy as the user's, its result as its call", async () => {
    const { dispatcher, log } = dispatcherWith({
      extra: [{ name: 'get_weather', description: 'Weather.', result: { sunny: true } }],
    });
    await dispatcher.call('get_weather', {}, { by: 'user' });
    expect(log.events).toEqual([
      expect.objectContaining({ kind: 'tool_call', by: 'user' }),
      expect.objectContaining({ kind: 'tool_result', by: 'user' }),
    ]);
  });

  it('lists the shown names, not the real ones, when the agent calls an unknown tool', async () => {
    const { dispatcher } = dispatcherWith({ rename: { get_order: 'lookup_order' } });
    const result = await dispatcher.call('nope', {});
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.available).toEqual([
      'lookup_order',
      'list_orders',
      'cancel_order',
    ]);
  });
});
