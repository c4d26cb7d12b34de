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

/** omar_kim_3528's pending order, 53.43 by credit_card_3577130; gift_card_3749819 holds 91. */
const ORDER = '#W1080318';

describe('modify_pending_order_payment', () => {
  it('answers an unknown order with order_not_found', async () => {
    const tools = createToolHarness(environment);
    const response = await tools.call('modify_pending_order_payment', {
      order_id: '#W1',
      payment_method_id: 'gift_card_3749819',
    });
    expect(errorOf(response)).toEqual({ code: 'order_not_found', message: 'order not found' });
  });

  it('refuses an order that is not pending', async () => {
    const tools = createToolHarness(environment);
    const response = await tools.call('modify_pending_order_payment', {
      order_id: '#W2378156',
      payment_method_id: 'credit_card_9513926',
    });
    expect(errorOf(response)).toEqual({
      code: 'invalid_status',
      message: 'non-pending order cannot be modified',
    });
  });

  it("refuses a method that is not the owner's", async () => {
    const tools = createToolHarness(environment);
    const response = await tools.call('modify_pending_order_payment', {
      order_id: ORDER,
      payment_method_id: 'gift_card_7219486',
    });
    expect(errorOf(response)).toEqual({
      code: 'payment_method_not_found',
      message: 'payment method not found',
    });
  });

  it('works once only: the history then holds more than one payment', async () => {
    const tools = createToolHarness(environment);
    await tools.result('modify_pending_order_payment', {
      order_id: ORDER,
      payment_method_id: 'gift_card_3749819',
    });
    const response = await tools.call('modify_pending_order_payment', {
      order_id: ORDER,
      payment_method_id: 'credit_card_3577130',
    });
    expect(errorOf(response)).toEqual({
      code: 'invalid_payment_history',
      message: 'there should be exactly one payment for a pending order',
    });
  });

  it('refuses the method already used', async () => {
    const tools = createToolHarness(environment);
    const response = await tools.call('modify_pending_order_payment', {
      order_id: ORDER,
      payment_method_id: 'credit_card_3577130',
    });
    expect(errorOf(response)).toEqual({
      code: 'same_payment_method',
      message: 'the new payment method should be different from the current one',
    });
  });

  it('refuses a gift card that cannot cover the amount', async () => {
    const tools = createToolHarness(environment);
    // aarav_nguyen_7344 paid 591.95 by paypal; gift_card_2742113 holds 22.
    const response = await tools.call('modify_pending_order_payment', {
      order_id: '#W2443586',
      payment_method_id: 'gift_card_2742113',
    });
    expect(errorOf(response)).toEqual({
      code: 'insufficient_balance',
      message: 'insufficient gift card balance to pay for the order',
    });
    expect(tools.state.diff()).toEqual({});
  });

  it('appends the new payment and a refund, and charges the gift card at once', async () => {
    const tools = createToolHarness(environment);
    const result = await tools.result('modify_pending_order_payment', {
      order_id: ORDER,
      payment_method_id: 'gift_card_3749819',
    });
    expect(result).toMatchObject({
      status: 'pending',
      payment_history: [
        { transaction_type: 'payment', amount: 53.43, payment_method_id: 'credit_card_3577130' },
        { transaction_type: 'payment', amount: 53.43, payment_method_id: 'gift_card_3749819' },
        { transaction_type: 'refund', amount: 53.43, payment_method_id: 'credit_card_3577130' },
      ],
    });
    // CPython: round(91 - 53.43, 2) == 37.57
    expect(tools.state.get('users', 'omar_kim_3528')).toMatchObject({
      payment_methods: { gift_card_3749819: { balance: 37.57 } },
    });
  });

  it('credits the old gift card at once when moving away from it', async () => {
    const tools = createToolHarness(environment);
    await tools.result('modify_pending_order_payment', {
      order_id: '#W6779827',
      payment_method_id: 'credit_card_9789590',
    });
    // CPython: round(49 + 4079.45, 2) == 4128.45
    expect(tools.state.get('users', 'ethan_lopez_6291')).toMatchObject({
      payment_methods: { gift_card_7219486: { balance: 4128.45 } },
    });
  });
});
