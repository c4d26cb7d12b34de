import { defineTool, toolError, z } from 'endstate';
import type { WorkingState } from 'endstate';
import type { Order } from './order-records.js';
import {
  CustomerSchema,
  emailOwner,
  orderOwner,
  readCustomer,
  readOrder,
  refundsOf,
} from './order-records.js';
import { assessEligibility, formatUsd, refundAmount } from './refund-rules.js';

const OrderId = z
  .string()
  .min(1)
  .describe('The order id as a string of digits, e.g. "8842" (without "#").');

function orderNotFound(orderId: string) {
  return toolError(
    'order_not_found',
    `There is no order "${orderId}". Check the number with the customer or use search_orders.`,
    { order_id: orderId },
  );
}

function summarize(state: WorkingState, orderId: string, order: Order) {
  const customer = readCustomer(state, order.customer_id);
  return {
    order_id: orderId,
    customer_id: order.customer_id,
    customer_name: customer?.name ?? null,
    customer_email: customer?.email ?? null,
    status: order.status,
    placed_at: order.placed_at,
    delivered_at: order.delivered_at,
    items: order.items.map((item) => item.name),
    total_cents: order.total_cents,
  };
}

/** Lower case without accents, so "chloe" finds "Chloé". */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** "Hana" matches "Hana Kim" and "Hana Novak"; "kim" matches "Hana Kim"; "ana" does not match "Hana". */
function nameMatches(name: string, query: string): boolean {
  const words = fold(name).split(/\s+/);
  return query.split(/\s+/).every((token) => words.some((word) => word.startsWith(token)));
}

/** The orders a search finds: by order id, by the customer's exact email, or by name. */
function searchMatches(state: WorkingState, query: string): [string, Order][] {
  const needle = fold(query.trim()).replace(/^#/, '');
  if (needle === '') return [];
  const customerIds = new Set(
    state
      .entries('customers')
      .filter(([, record]) => {
        const customer = CustomerSchema.parse(record);
        return customer.email.toLowerCase() === needle || nameMatches(customer.name, needle);
      })
      .map(([customerId]) => customerId),
  );
  return state.ids('orders').flatMap((orderId): [string, Order][] => {
    const order = readOrder(state, orderId);
    if (order === undefined) return [];
    return orderId === needle || customerIds.has(order.customer_id) ? [[orderId, order]] : [];
  });
}

export const searchOrders = defineTool({
  name: 'search_orders',
  description:
    'Find orders by customer email (exact), customer name (first and/or last name) or order id. ' +
    'Returns `matches`: one summary per order (order id, customer id, name and email, status, ' +
    'dates, item names, total in cents). Returns `{ no_match: true }` when nothing matches or ' +
    'the query is empty. Use get_order for the full details of one order.',
  input: z.object({
    query: z
      .string()
      .describe(
        'A customer email such as "ana@example.com", a name such as "Ana Souza", or an order id such as "8842".',
      ),
  }),
  effect: 'read',
  // The one customer whose orders the query finds; a search that spans customers (a shared first name) names no owner.
  scope: ({ query }, state) => {
    const owners = new Set(searchMatches(state, query).map(([, order]) => order.customer_id));
    return owners.size === 1 ? [...owners][0] : undefined;
  },
  run: ({ query }, context) => {
    const matches = searchMatches(context.state, query).map(([orderId, order]) =>
      summarize(context.state, orderId, order),
    );
    return matches.length === 0 ? { no_match: true } : { matches };
  },
});

export const getOrder = defineTool({
  name: 'get_order',
  description:
    'Get the full details of one order: customer (id, name, email), status, placed and delivered ' +
    'dates, items with unit prices, subtotal, tax, shipping and total (all in integer cents), ' +
    'whether it is final sale, the shipping address, and any refunds already made.',
  input: z.object({ order_id: OrderId }),
  effect: 'read',
  scope: ({ order_id }, state) => orderOwner(state, order_id),
  run: ({ order_id }, context) => {
    const order = readOrder(context.state, order_id);
    if (order === undefined) return orderNotFound(order_id);
    const customer = readCustomer(context.state, order.customer_id);
    return {
      order_id,
      ...order,
      customer: customer === undefined ? null : { customer_id: order.customer_id, ...customer },
      refunds: refundsOf(context.state, order_id),
    };
  },
});

export const checkEligibility = defineTool({
  name: 'check_eligibility',
  description:
    'Check whether an order can be refunded today. Eligible means: delivered, delivered at most ' +
    '30 days ago, not final sale, and not already refunded. Returns `eligible` (true/false), ' +
    '`reason` (within_return_window, outside_return_window, final_sale, already_refunded, ' +
    'not_delivered or cancelled) and a `detail` sentence you can explain to the customer. ' +
    'Must be called for an order before process_refund.',
  input: z.object({ order_id: OrderId }),
  effect: 'read',
  scope: ({ order_id }, state) => orderOwner(state, order_id),
  run: ({ order_id }, context) => {
    const order = readOrder(context.state, order_id);
    if (order === undefined) return orderNotFound(order_id);
    return { order_id, ...assessEligibility(order, context.clock.now()) };
  },
});

export const calculateRefund = defineTool({
  name: 'calculate_refund',
  description:
    'Calculate the refund for a whole order: the items plus tax; shipping is never refunded. ' +
    'Returns `amount_cents` (integer cents, pass it unchanged to process_refund), ' +
    '`amount_formatted` (for telling the customer, e.g. "$42.99") and the breakdown. ' +
    'Does not check eligibility (use check_eligibility).',
  input: z.object({ order_id: OrderId }),
  effect: 'read',
  scope: ({ order_id }, state) => orderOwner(state, order_id),
  run: ({ order_id }, context) => {
    const order = readOrder(context.state, order_id);
    if (order === undefined) return orderNotFound(order_id);
    const amount = refundAmount(order);
    return {
      order_id,
      ...amount,
      amount_formatted: formatUsd(amount.amount_cents),
      currency: 'USD',
    };
  },
});

export const processRefund = defineTool({
  name: 'process_refund',
  description:
    'Refund a whole order to the original payment method. IRREVERSIBLE: money is sent. ' +
    'Requires, in this conversation: check_eligibility called for the same order (it must be ' +
    'eligible), `amount_cents` exactly equal to the amount from calculate_refund, and the ' +
    "customer's explicit confirmation of the order and amount. On success the order's status " +
    'becomes "refunded" and the refund id is returned. Refused with an error otherwise.',
  input: z.object({
    order_id: OrderId,
    amount_cents: z
      .number()
      .int()
      .positive()
      .describe('The refund in integer cents, from calculate_refund (e.g. 4299 for $42.99).'),
  }),
  effect: 'irreversible',
  scope: ({ order_id }, state) => orderOwner(state, order_id),
  run: ({ order_id, amount_cents }, context) => {
    const order = readOrder(context.state, order_id);
    if (order === undefined) return orderNotFound(order_id);
    const checked = context.calls.some(
      (call) =>
        call.tool === 'check_eligibility' &&
        call.ok &&
        typeof call.args === 'object' &&
        call.args !== null &&
        !Array.isArray(call.args) &&
        call.args.order_id === order_id,
    );
    if (!checked) {
      return toolError(
        'check_eligibility_required',
        `Call check_eligibility for order ${order_id} before process_refund.`,
        { order_id, required_tool: 'check_eligibility' },
      );
    }
    const eligibility = assessEligibility(order, context.clock.now());
    if (!eligibility.eligible) {
      return toolError(
        'not_eligible',
        `Order ${order_id} cannot be refunded: ${eligibility.detail}`,
        {
          order_id,
          reason: eligibility.reason,
        },
      );
    }
    const expected = refundAmount(order).amount_cents;
    if (amount_cents !== expected) {
      return toolError(
        'amount_mismatch',
        `amount_cents ${amount_cents} is not the refundable amount of order ${order_id}; use the amount_cents returned by calculate_refund.`,
        { order_id, amount_cents, required_tool: 'calculate_refund' },
      );
    }
    const refundId = context.state.nextId('refunds', 'RF-');
    context.state.update('orders', order_id, (draft) => {
      draft.status = 'refunded';
    });
    context.state.insert('refunds', refundId, {
      order_id,
      amount_cents,
      refunded_at: context.clock.iso,
    });
    return {
      refund_id: refundId,
      order_id,
      amount_cents,
      amount_formatted: formatUsd(amount_cents),
      status: 'refunded',
      refunded_at: context.clock.iso,
    };
  },
});

export const sendEmail = defineTool({
  name: 'send_email',
  description:
    'Send an email to a customer (for example the refund confirmation). The message is sent ' +
    'as written; every call sends one email, so call it once per message.',
  input: z.object({
    to: z.email().describe('Recipient address, e.g. "ana@example.com".'),
    subject: z.string().min(1),
    body: z.string().min(1).describe('Plain text.'),
  }),
  effect: 'write',
  scope: ({ to }, state) => emailOwner(state, to),
  run: ({ to, subject, body }, { outbox }) => {
    const messageId = outbox.send({ to, subject, body });
    return { sent: true, message_id: messageId, to };
  },
});

export const refreshSession = defineTool({
  name: 'refresh_session',
  description:
    "Sign the support desk's session in again. Call it when a tool answers with the error " +
    'code session_expired, then retry that call. Changes no order, refund or email.',
  input: z.object({}),
  effect: 'read',
  run: () => ({ session: 'active', expires_in_s: 3600 }),
});

export const supportTools = [
  searchOrders,
  getOrder,
  checkEligibility,
  calculateRefund,
  processRefund,
  sendEmail,
  refreshSession,
];
