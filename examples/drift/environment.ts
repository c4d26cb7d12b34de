import { defineEnvironment, defineTool, toolError, z } from 'endstate';
import type { ToolDefinition, WorkingState } from 'endstate';

/**
 * A small store whose refund rules drift: version 1.0.0 refunds within 30
 * days to the card; `14-day-window` shortens the window (policy text and a
 * setting the eligibility check reads); `store-credit` also changes what
 * process_refund does (it issues store credit instead of a card refund).
 * Sequences in sequences/ play episodes across these versions.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

const orderInput = z.object({ order_id: z.string().describe('The order id, e.g. A100.') });
const refundInput = z.object({
  order_id: z.string(),
  amount_cents: z.number().int().positive().describe('The amount in cents: the order total.'),
});

const getOrder = defineTool({
  name: 'get_order',
  description: 'Look up an order: customer, status, delivery date and total in cents.',
  input: orderInput,
  effect: 'read',
  run: ({ order_id }, { state }) =>
    state.get('orders', order_id) ?? toolError('not_found', `no order ${order_id}`),
});

const checkEligibility = defineTool({
  name: 'check_eligibility',
  description: 'Whether an order can be refunded today under the current refund window.',
  input: orderInput,
  effect: 'read',
  run: ({ order_id }, { state, clock }) => {
    const order = state.get('orders', order_id);
    if (order === undefined) return toolError('not_found', `no order ${order_id}`);
    const windowDays = Number(state.get('settings', 'refunds')?.window_days ?? 30);
    const age = Math.floor(
      (clock.now().getTime() - Date.parse(order.delivered_at as string)) / DAY_MS,
    );
    if (order.status !== 'delivered')
      return { eligible: false, reason: `order is ${order.status as string}` };
    return age <= windowDays
      ? { eligible: true, days_since_delivery: age, window_days: windowDays }
      : {
          eligible: false,
          reason: `delivered ${age} days ago, outside the ${windowDays}-day window`,
          window_days: windowDays,
        };
  },
});

/** The refund checks shared by both behaviours of process_refund. */
function refundProblem(
  state: WorkingState,
  order_id: string,
  amount_cents: number,
  checked: boolean,
): ReturnType<typeof toolError> | undefined {
  const order = state.get('orders', order_id);
  if (order === undefined) return toolError('not_found', `no order ${order_id}`);
  if (!checked) return toolError('precondition_failed', 'call check_eligibility first');
  if (order.status !== 'delivered')
    return toolError('not_refundable', `order is ${order.status as string}`);
  if (amount_cents !== order.total_cents)
    return toolError('invalid_amount', `refund the total, ${order.total_cents as number} cents`);
  return undefined;
}

function makeProcessRefund(to: 'card' | 'store_credit'): ToolDefinition<typeof refundInput> {
  return defineTool({
    name: 'process_refund',
    description:
      to === 'card'
        ? 'Refund an order in full to the card it was paid with.'
        : 'Refund an order in full (issued as store credit to the customer).',
    input: refundInput,
    effect: 'irreversible',
    run: ({ order_id, amount_cents }, { state, calls }) => {
      const checked = calls.some(
        (call) =>
          call.tool === 'check_eligibility' &&
          call.ok &&
          (call.args as { order_id?: string }).order_id === order_id,
      );
      const problem = refundProblem(state, order_id, amount_cents, checked);
      if (problem !== undefined) return problem;
      state.update('orders', order_id, (order) => {
        order.status = 'refunded';
      });
      if (to === 'card') {
        const id = state.nextId('refunds', 'RF-');
        state.insert('refunds', id, { order_id, amount_cents });
        return { refund_id: id, to: 'card' };
      }
      const customer = state.get('orders', order_id)?.customer as string;
      const id = state.nextId('credits', 'CR-');
      state.insert('credits', id, { order_id, customer, amount_cents });
      return { credit_id: id, to: 'store_credit' };
    },
  });
}

const BASE_POLICY = [
  'You are the refund desk of a small store.',
  '- Check eligibility with check_eligibility before any refund.',
  '- Orders delivered within the last 30 days can be refunded in full, to the card.',
  '- Outside the window, refuse politely and say how many days the window is.',
].join('\n');

const WINDOW_14_POLICY = BASE_POLICY.replace('30 days', '14 days');

const CREDIT_POLICY = [
  ...WINDOW_14_POLICY.split('\n').map((line) => line.replace(', to the card', '')),
  '- Refunds are now issued as store credit: tell the customer the amount is credited to their store account.',
].join('\n');

export default defineEnvironment({
  name: 'drift-store',
  version: '1.0.0',
  policy: BASE_POLICY,
  fixture: {
    orders: {
      A100: {
        customer: 'ana@example.com',
        status: 'delivered',
        delivered_at: '2026-09-28T12:00:00Z',
        total_cents: 4000,
      },
      A101: {
        customer: 'ben@example.com',
        status: 'delivered',
        delivered_at: '2026-09-15T12:00:00Z',
        total_cents: 2500,
      },
      A102: {
        customer: 'chloe@example.com',
        status: 'delivered',
        delivered_at: '2026-09-25T12:00:00Z',
        total_cents: 6200,
      },
    },
    refunds: {},
    credits: {},
    settings: { refunds: { window_days: 30 } },
  },
  tools: [getOrder, checkEligibility, makeProcessRefund('card')],
  versions: {
    '14-day-window': {
      policy: WINDOW_14_POLICY,
      fixture: { settings: { refunds: { window_days: 14 } } },
    },
    'store-credit': {
      policy: CREDIT_POLICY,
      tools: [makeProcessRefund('store_credit')],
      fixture: { settings: { refunds: { window_days: 14 } } },
    },
  },
});
