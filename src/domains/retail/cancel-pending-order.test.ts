import { describe, expect, it } from 'vitest';
import type { ToolCallResult } from '../../environment/index.js';
import { createToolHarness } from '../../testing/index.js';
import { createRetailEnvironment } from './create-retail-environment.js';
import { loadRetailData } from './load-retail-data.js';

const environment = createRetailEnvironment(
  loadRetailData(new URL('../../../examples/retail/data/', import.meta.url).pathname),
);

function errorOf(response: ToolCallResult) {
  return response.ok ? undefined : { code: response.error.code, message: response.error.message };
}

/** A pending order of yusuf_rossi_9620, paid 2772.44 by credit card. */
const CREDIT_CARD_ORDER = '#W4776164';
/** A pending order of ethan_lopez_6291, paid 4079.45 by gift_card_7219486 (balance 49). */
const GIFT_CARD_ORDER = '#W6779827';

describe('cancel_pending_order', () => {
  it('answers an unknown order with order_not_found', async () => {
    const tools = createToolHarness(environment);
    const response = await tools.call('cancel_pending_order', {
      order_id: 'W4776164',
      reason: 'no longer needed',
    });
    expect(errorOf(response)).toEqual({ code: 'order_not_found', message: 'order not found' });
  });

  it('refuses a delivered order before looking at the reason', async () => {
    const tools = createToolHarness(environment);
    const response = await tools.call('cancel_pending_order', {
      order_id: '#W2378156',
      reason: 'changed my mind',
    });
    expect(errorOf(response)).toEqual({
      code: 'invalid_status',
      message: 'non-pending order cannot be cancelled',
    });
  });

  it('refuses a reason outside the two allowed ones', async () => {
    const tools = createToolHarness(environment);
    const response = await tools.call('cancel_pending_order', {
      order_id: CREDIT_CARD_ORDER,
      reason: 'No longer needed',
    });
    expect(errorOf(response)).toEqual({ code: 'invalid_reason', message: 'invalid reason' });
    expect(tools.state.diff()).toEqual({});
  });

  it('cancels, records the reason and appends a refund to the card', async () => {
    const tools = createToolHarness(environment);
    const result = await tools.result('cancel_pending_order', {
      order_id: CREDIT_CARD_ORDER,
      reason: 'ordered by mistake',
    });
    expect(result).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'ordered by mistake',
      payment_history: [
        { transaction_type: 'payment', amount: 2772.44, payment_method_id: 'credit_card_9513926' },
        { transaction_type: 'refund', amount: 2772.44, payment_method_id: 'credit_card_9513926' },
      ],
    });
    expect(result).toEqual(tools.state.get('orders', CREDIT_CARD_ORDER));
    expect(Object.keys(tools.state.diff())).toEqual(['orders']);
  });

  it('credits a gift card at once with the rounded sum', async () => {
    const tools = createToolHarness(environment);
    await tools.result('cancel_pending_order', {
      order_id: GIFT_CARD_ORDER,
      reason: 'no longer needed',
    });
    // CPython: round(49 + 4079.45, 2) == 4128.45
    expect(tools.state.get('users', 'ethan_lopez_6291')).toMatchObject({
      payment_methods: { gift_card_7219486: { balance: 4128.45 } },
    });
  });

  it('refunds all three entries after a payment change, crediting the gift card twice more', async () => {
    const tools = createToolHarness(environment);
    await tools.result('modify_pending_order_payment', {
      order_id: GIFT_CARD_ORDER,
      payment_method_id: 'credit_card_9789590',
    });
    const result = await tools.result('cancel_pending_order', {
      order_id: GIFT_CARD_ORDER,
      reason: 'no longer needed',
    });
    const gift = 'gift_card_7219486';
    const card = 'credit_card_9789590';
    expect((result as { payment_history: unknown }).payment_history).toEqual([
      { transaction_type: 'payment', amount: 4079.45, payment_method_id: gift },
      { transaction_type: 'payment', amount: 4079.45, payment_method_id: card },
      { transaction_type: 'refund', amount: 4079.45, payment_method_id: gift },
      { transaction_type: 'refund', amount: 4079.45, payment_method_id: gift },
      { transaction_type: 'refund', amount: 4079.45, payment_method_id: card },
      { transaction_type: 'refund', amount: 4079.45, payment_method_id: gift },
    ]);
    // CPython: 49 -> round(49 + 4079.45, 2) = 4128.45 at the payment change, then
    // 8207.9 and 12287.35 for the two gift-card entries the cancellation refunds.
    expect(tools.state.get('users', 'ethan_lopez_6291')).toMatchObject({
      payment_methods: { [gift]: { balance: 12287.35 } },
    });
  });

  it("refuses an order whose items were modified ('pending (item modified)')", async () => {
    const tools = createToolHarness(environment);
    await tools.result('modify_pending_order_items', {
      order_id: CREDIT_CARD_ORDER,
      item_ids: ['8349118980'],
      new_item_ids: ['9647292434'],
      payment_method_id: 'credit_card_9513926',
    });
    const response = await tools.call('cancel_pending_order', {
      order_id: CREDIT_CARD_ORDER,
      reason: 'no longer needed',
    });
    expect(errorOf(response)).toEqual({
      code: 'invalid_status',
      message: 'non-pending order cannot be cancelled',
    });
  });
});
