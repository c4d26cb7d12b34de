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

/** mia_garcia_4516's delivered order, paid by credit_card_3124723; she also has paypal_9497703. */
const ORDER = '#W5490111';

function returning(itemIds: string[], paymentMethodId: string, order = ORDER) {
  return { order_id: order, item_ids: itemIds, payment_method_id: paymentMethodId };
}

describe('return_delivered_order_items: checks, in order', () => {
  it('answers an unknown order with order_not_found', async () => {
    const tools = createToolHarness(environment);
    const response = await tools.call(
      'return_delivered_order_items',
      returning([], 'credit_card_3124723', '#W5490112'),
    );
    expect(errorOf(response)).toEqual({ code: 'order_not_found', message: 'order not found' });
  });

  it('refuses an order that is not delivered', async () => {
    const tools = createToolHarness(environment);
    const response = await tools.call(
      'return_delivered_order_items',
      returning(['8349118980'], 'credit_card_9513926', '#W4776164'),
    );
    expect(errorOf(response)).toEqual({
      code: 'invalid_status',
      message: 'non-delivered order cannot be returned',
    });
  });

  it("refuses a method that is not the owner's", async () => {
    const tools = createToolHarness(environment);
    const response = await tools.call(
      'return_delivered_order_items',
      returning(['4579334072'], 'gift_card_7219486'),
    );
    expect(errorOf(response)).toEqual({
      code: 'payment_method_not_found',
      message: 'payment method not found',
    });
  });

  it('refuses a method that is neither the original nor a gift card (test task 12)', async () => {
    const tools = createToolHarness(environment);
    const response = await tools.call(
      'return_delivered_order_items',
      returning(['4579334072', '6117189161', '4947717507'], 'paypal_9497703'),
    );
    expect(errorOf(response)).toEqual({
      code: 'invalid_refund_method',
      message: 'payment method should be either the original payment method or a gift card',
    });
    expect(tools.state.diff()).toEqual({});
  });

  it('answers an item the order does not have with "some item not found"', async () => {
    const tools = createToolHarness(environment);
    const response = await tools.call(
      'return_delivered_order_items',
      returning(['4579334072', '4579334072'], 'credit_card_3124723'),
    );
    expect(errorOf(response)).toEqual({ code: 'item_not_found', message: 'some item not found' });
  });
});

describe('return_delivered_order_items: effects', () => {
  it('records the request with the items sorted; nothing is refunded yet', async () => {
    const tools = createToolHarness(environment);
    const before = environment.fixture.snapshot.orders?.[ORDER];
    const result = await tools.result(
      'return_delivered_order_items',
      returning(['6117189161', '4579334072'], 'credit_card_3124723'),
    );
    expect(result).toMatchObject({
      status: 'return requested',
      return_items: ['4579334072', '6117189161'],
      return_payment_method_id: 'credit_card_3124723',
      payment_history: before?.payment_history,
    });
    expect(Object.keys(tools.state.diff())).toEqual(['orders']);
  });

  it('accepts a gift card of the owner that did not pay for the order', async () => {
    const tools = createToolHarness(environment);
    // emma_santos_9753 paid #W3113816 by credit card and holds gift_card_6023546.
    const result = await tools.result(
      'return_delivered_order_items',
      returning(['2206116040'], 'gift_card_6023546', '#W3113816'),
    );
    expect(result).toMatchObject({ return_payment_method_id: 'gift_card_6023546' });
  });
});
