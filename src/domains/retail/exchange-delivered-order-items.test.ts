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

/** yusuf_rossi_9620's delivered order: keyboard 1151293680 (272.33), thermostat 4983901480 (262.47), ... */
const ORDER = '#W2378156';
const CARD = 'credit_card_9513926';

function exchange(itemIds: string[], newItemIds: string[], paymentMethodId = CARD, order = ORDER) {
  return {
    order_id: order,
    item_ids: itemIds,
    new_item_ids: newItemIds,
    payment_method_id: paymentMethodId,
  };
}

describe('exchange_delivered_order_items: checks, in order', () => {
  it('answers an unknown order with order_not_found', async () => {
    const tools = createToolHarness(environment);
    const response = await tools.call(
      'exchange_delivered_order_items',
      exchange([], [], CARD, '#W'),
    );
    expect(errorOf(response)).toEqual({ code: 'order_not_found', message: 'order not found' });
  });

  it('refuses an order that is not delivered (test task 64)', async () => {
    const tools = createToolHarness(environment);
    const response = await tools.call(
      'exchange_delivered_order_items',
      exchange(['1810466394'], ['6700049080'], 'paypal_1261484', '#W7464385'),
    );
    expect(errorOf(response)).toEqual({
      code: 'invalid_status',
      message: 'non-delivered order cannot be exchanged',
    });
  });

  it('names an item the order does not have', async () => {
    const tools = createToolHarness(environment);
    const response = await tools.call(
      'exchange_delivered_order_items',
      exchange(['8349118980'], ['9647292434']),
    );
    expect(errorOf(response)).toEqual({ code: 'item_not_found', message: '8349118980 not found' });
  });

  it('refuses lists of different lengths', async () => {
    const tools = createToolHarness(environment);
    const response = await tools.call(
      'exchange_delivered_order_items',
      exchange(['1151293680'], ['7706410293', '7747408585']),
    );
    expect(errorOf(response)).toEqual({
      code: 'item_count_mismatch',
      message: 'the number of items to be exchanged should match',
    });
  });

  it('refuses a swap to another product type', async () => {
    const tools = createToolHarness(environment);
    const response = await tools.call(
      'exchange_delivered_order_items',
      exchange(['1151293680'], ['7747408585']),
    );
    expect(errorOf(response)).toEqual({
      code: 'item_unavailable',
      message: 'new item 7747408585 not found or available',
    });
  });

  it("refuses a method that is not the owner's", async () => {
    const tools = createToolHarness(environment);
    const response = await tools.call(
      'exchange_delivered_order_items',
      exchange(['1151293680'], ['7706410293'], 'paypal_9497703'),
    );
    expect(errorOf(response)).toEqual({
      code: 'payment_method_not_found',
      message: 'payment method not found',
    });
  });

  it('refuses a gift card that cannot pay the rounded difference (test task 106)', async () => {
    const tools = createToolHarness(environment);
    // Tea Kettle 7292993796 twice at 94.8 -> 101.12 and 109.58: 21.1 > 17.
    const response = await tools.call(
      'exchange_delivered_order_items',
      exchange(
        ['7292993796', '7292993796'],
        ['3761330360', '9647374798'],
        'gift_card_7245904',
        '#W4316152',
      ),
    );
    expect(errorOf(response)).toEqual({
      code: 'insufficient_balance',
      message: 'insufficient gift card balance to pay for the price difference',
    });
  });
});

describe('exchange_delivered_order_items: effects', () => {
  it('records the request with both id lists sorted on their own', async () => {
    const tools = createToolHarness(environment);
    const result = await tools.result(
      'exchange_delivered_order_items',
      exchange(['4983901480', '1151293680'], ['3377900078', '9991484137']),
    );
    expect(result).toMatchObject({
      status: 'exchange requested',
      exchange_items: ['1151293680', '4983901480'],
      // The keyboard's new id (9991484137) now sits beside the thermostat: the pairing is lost.
      exchange_new_items: ['3377900078', '9991484137'],
      exchange_payment_method_id: CARD,
      // CPython: round(0 + (260.68 - 262.47) + (240.97 - 272.33), 2) == -33.15
      exchange_price_difference: -33.15,
    });
  });

  it('changes neither the lines, the payments nor any balance', async () => {
    const tools = createToolHarness(environment);
    const before = environment.fixture.snapshot.orders?.[ORDER];
    const result = await tools.result(
      'exchange_delivered_order_items',
      exchange(['1151293680'], ['7706410293']),
    );
    expect(result).toMatchObject({
      items: before?.items,
      payment_history: before?.payment_history,
    });
    expect(Object.keys(tools.state.diff())).toEqual(['orders']);
  });

  it('accepts duplicates when the order has them', async () => {
    const tools = createToolHarness(environment);
    // #W1840144 has 8590708195 twice.
    const response = await tools.call(
      'exchange_delivered_order_items',
      exchange(
        ['8590708195', '8590708195'],
        ['8590708195', '8590708195'],
        'paypal_2306935',
        '#W1840144',
      ),
    );
    expect(errorOf(response)).toBeUndefined();
  });
});
