import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEnvironment, defineTool } from '../environment/index.js';
import type { Environment } from '../environment/index.js';
import type { Suite } from '../task/index.js';
import { buildTask, shopEnvironment, shopRefundTask } from '../testing/index.js';
import { runCanary } from './canary.js';

/**
 * A shop whose backend numbers orders and visits with counters kept in
 * module memory, as a careless environment would: they outlive a trial.
 */
function leakyShop(): Environment {
  let lastOrder = 0;
  let visits = 0;
  return defineEnvironment({
    name: 'leaky-shop',
    version: '1',
    policy: '',
    fixture: { orders: {}, customers: { ana: { name: 'Ana' } } },
    tools: [
      defineTool({
        name: 'find_customer',
        description: 'Looks a customer up.',
        input: z.object({ id: z.string() }),
        effect: 'read',
        run: ({ id }, { state }) => state.get('customers', id) ?? null,
      }),
      defineTool({
        name: 'create_order',
        description: 'Creates an order.',
        input: z.object({ item: z.string() }),
        effect: 'write',
        run: ({ item }, { state }) => {
          const id = `O-${++lastOrder}`;
          state.insert('orders', id, { item });
          return { id, status: 'created' };
        },
      }),
      defineTool({
        name: 'note_visit',
        description: 'Counts a visit on the customer.',
        input: z.object({ id: z.string() }),
        effect: 'write',
        run: ({ id }, { state }) => {
          state.update('customers', id, (customer) => {
            customer.visits = ++visits;
          });
          return 'noted';
        },
      }),
    ],
  });
}

function suiteOf(environment: Environment, specs: Record<string, unknown>[]): Suite {
  return {
    name: 'canary',
    path: '/canary',
    hash: 'h',
    environment,
    tasks: specs.map((spec) => buildTask(environment, spec)),
  };
}

const orderTask = {
  id: 'order-mug',
  labels: { canary: true },
  user: { instruction: 'Order a mug.' },
  expect: { changes: [{ insert: 'orders', match: { item: 'mug' }, count: 1 }] },
  reference: [
    { tool: 'find_customer', args: { id: 'ana' } },
    { tool: 'create_order', args: { item: 'mug' } },
    { say: 'Ordered.' },
  ],
};

const visitTask = {
  id: 'visit',
  labels: { canary: true },
  user: { instruction: 'Note my visit.' },
  expect: { unchanged: 'ignore' },
  reference: [{ tool: 'note_visit', args: { id: 'ana' } }, { say: 'Noted.' }],
};

describe('runCanary', () => {
  it('passes an environment that keeps nothing between trials', async () => {
    const suite = suiteOf(shopEnvironment, [shopRefundTask]);
    expect(await runCanary(suite)).toEqual([]);
  });

  it('reports a counter that leaks into a tool result, naming the call and the field', async () => {
    const problems = await runCanary(suiteOf(leakyShop(), [orderTask]));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ task_id: 'order-mug', check: 'leak' });
    expect(problems[0]!.message).toMatch(
      /^a second play of its reference path \(right after the first, from a fresh reset, same seed\) differs from the first: tool result of call 2 \(create_order\): id "O-2" vs "O-1" \(second vs first\)\. /,
    );
  });

  it('reports a counter that leaks into a written record, naming the state path, with the tasks interleaved', async () => {
    const problems = await runCanary(suiteOf(leakyShop(), [visitTask, orderTask]));
    expect(problems.map((problem) => [problem.task_id, problem.check])).toEqual([
      ['visit', 'leak'],
      ['order-mug', 'leak'],
    ]);
    expect(problems[0]!.message).toContain(
      '(after the other canary tasks, from a fresh reset, same seed) differs from the first: state customers/ana.visits: 2 vs 1',
    );
  });

  it('plays another task of the suite between the two plays of a lone canary task', async () => {
    const other = {
      id: 'order-cup',
      user: { instruction: 'Order a cup.' },
      reference: [{ tool: 'create_order', args: { item: 'cup' } }],
    };
    const problems = await runCanary(suiteOf(leakyShop(), [orderTask, other]));
    expect(problems.map((problem) => problem.message)).toEqual([
      expect.stringContaining(
        '(after task order-cup, from a fresh reset, same seed) differs from the first: tool result of call 2 (create_order): id "O-3" vs "O-1"',
      ),
    ]);
  });

  it('still reports a reference path that fails as an oracle problem, not a leak', async () => {
    const broken = {
      ...orderTask,
      expect: { changes: [{ insert: 'orders', match: { item: 'cup' } }] },
    };
    const problems = await runCanary(suiteOf(leakyShop(), [broken]));
    expect(problems.map((problem) => problem.check)).toEqual(['oracle']);
  });
});
