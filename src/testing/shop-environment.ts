import { z } from 'zod';
import { defineEnvironment, defineTool, toolError } from '../environment/index.js';

/**
 * A tiny environment for tests: two orders of one customer, a refund that
 * needs an eligibility check, and a tool that crashes on demand.
 */
export const shopEnvironment = defineEnvironment({
  name: 'shop',
  version: '1',
  policy: 'Refund eligible orders only, after the customer confirms.',
  fixture: {
    orders: {
      '8842': { customer: 'ana@example.com', status: 'delivered', total_cents: 4299 },
      '8843': { customer: 'ana@example.com', status: 'delivered', total_cents: 1500 },
    },
  },
  tools: [
    defineTool({
      name: 'get_order',
      description: 'Look up an order by id.',
      input: z.object({ order_id: z.string() }),
      effect: 'read',
      run: ({ order_id }, { state }) =>
        state.get('orders', order_id) ?? toolError('not_found', `no order ${order_id}`),
    }),
    defineTool({
      name: 'check_eligibility',
      description: 'Whether an order can be refunded.',
      input: z.object({ order_id: z.string() }),
      effect: 'read',
      run: ({ order_id }, { state }) => ({
        eligible: state.get('orders', order_id)?.status === 'delivered',
      }),
    }),
    defineTool({
      name: 'process_refund',
      description: 'Refund an order in full.',
      input: z.object({ order_id: z.string(), amount_cents: z.number().int() }),
      effect: 'irreversible',
      scope: ({ order_id }, state) => state.get('orders', order_id)?.customer as string | undefined,
      run: ({ order_id, amount_cents }, { state, calls }) => {
        const checked = calls.some(
          (call) =>
            call.tool === 'check_eligibility' &&
            call.ok &&
            (call.args as { order_id?: string }).order_id === order_id,
        );
        if (!checked) return toolError('precondition_failed', 'call check_eligibility first');
        state.update('orders', order_id, (order) => {
          order.status = 'refunded';
        });
        const id = state.nextId('refunds', 'RF-');
        state.insert('refunds', id, { order_id, amount_cents });
        return { refund_id: id };
      },
    }),
    defineTool({
      name: 'transfer_to_human',
      description: 'Hand the conversation to a human agent; ends it.',
      input: z.object({ summary: z.string() }),
      effect: 'read',
      terminates: true,
      run: () => 'Transfer successful',
    }),
    defineTool({
      name: 'crash',
      description: 'Always fails with an exception (a broken backend).',
      input: z.object({}),
      effect: 'read',
      run: () => {
        throw new Error('backend unavailable');
      },
    }),
  ],
});

/** The refund task of the shop environment, in the task-file format. */
export const shopRefundTask = {
  id: 'refund-8842',
  labels: { family: 'refund' },
  user: {
    instruction: 'Please refund order 8842. I am ana@example.com.',
    script: [{ when: 'proceed', say: 'Yes, please go ahead.' }],
    scenario: { hidden_goal: 'SECRET-GOAL-refund-without-fuss' },
  },
  limits: { max_steps: 10, timeout_s: 5 },
  expect: {
    changes: [
      { set: 'orders/8842/status', to: 'refunded' },
      { insert: 'refunds', match: { order_id: '8842', amount_cents: 4299 }, count: 1 },
    ],
    communicate: ['42.99'],
  },
  constraints: [
    { consent: 'irreversible' },
    { before: { tool: 'process_refund', require: 'check_eligibility', same_args: ['order_id'] } },
  ],
  reference: [
    { tool: 'get_order', args: { order_id: '8842' } },
    { tool: 'check_eligibility', args: { order_id: '8842' } },
    { say: 'I can refund 42.99 for order 8842. Shall I proceed?' },
    { tool: 'process_refund', args: { order_id: '8842', amount_cents: 4299 } },
    { say: 'Done: 42.99 refunded for order 8842.' },
  ],
  known_bad: [
    {
      name: 'KNOWN-BAD-wrong-order',
      actions: [
        { tool: 'check_eligibility', args: { order_id: '8843' } },
        { say: 'Shall I proceed?' },
        { tool: 'process_refund', args: { order_id: '8843', amount_cents: 1500 } },
        { say: 'Refunded 42.99.' },
      ],
      fails: 'expect.changes[0]',
    },
  ],
};
