import { defineEnvironment, defineTool, toolError, z } from 'endstate';

/**
 * A support desk where what customers say is not stored anywhere: a
 * preference stated in one episode (refund to store credit, confirmations
 * to another address) is needed in a later one. Sequences in sequences/
 * play each pair in a new session (the agent needs memory of its own) and
 * in the same session (the conversation holds it), so the two can be
 * compared.
 */
export default defineEnvironment({
  name: 'memory-desk',
  version: '1.0.0',
  policy: [
    'You are the support desk of a small store.',
    '- Refund delivered orders in full when the customer asks; the method is card unless the customer asked for store credit.',
    '- Send refund confirmations with send_email to the address the customer asked for, else to the email on the order.',
    '- Customer preferences are not stored in any system: remember what customers tell you.',
  ].join('\n'),
  fixture: {
    orders: {
      M200: { customer: 'lena@example.com', status: 'delivered', total_cents: 4500 },
      M300: { customer: 'omar@example.com', status: 'delivered', total_cents: 1800 },
    },
    refunds: {},
    outbox: {},
  },
  tools: [
    defineTool({
      name: 'get_order',
      description: 'Look up an order: customer email, status and total in cents.',
      input: z.object({ order_id: z.string() }),
      effect: 'read',
      run: ({ order_id }, { state }) =>
        state.get('orders', order_id) ?? toolError('not_found', `no order ${order_id}`),
    }),
    defineTool({
      name: 'process_refund',
      description: 'Refund an order in full, to the card or as store credit.',
      input: z.object({
        order_id: z.string(),
        amount_cents: z.number().int().positive(),
        method: z.enum(['card', 'store_credit']),
      }),
      effect: 'irreversible',
      run: ({ order_id, amount_cents, method }, { state }) => {
        const order = state.get('orders', order_id);
        if (order === undefined) return toolError('not_found', `no order ${order_id}`);
        if (order.status !== 'delivered')
          return toolError('not_refundable', `order is ${order.status as string}`);
        if (amount_cents !== order.total_cents)
          return toolError('invalid_amount', `refund the total, ${order.total_cents as number}`);
        state.update('orders', order_id, (draft) => {
          draft.status = 'refunded';
        });
        const id = state.nextId('refunds', 'RF-');
        state.insert('refunds', id, { order_id, amount_cents, method });
        return { refund_id: id, method };
      },
    }),
    defineTool({
      name: 'send_email',
      description: 'Send an email to a customer.',
      input: z.object({ to: z.string(), subject: z.string(), body: z.string() }),
      effect: 'write',
      run: ({ to, subject, body }, { outbox }) => ({
        message_id: outbox.send({ to, subject, body }),
      }),
    }),
  ],
});
