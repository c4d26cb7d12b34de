import { describe, expect, it } from 'vitest';
import type { ToolCallResult } from '../../environment/index.js';
import { createToolHarness } from '../../testing/index.js';
import { createRetailEnvironment } from './create-retail-environment.js';
import { loadRetailData } from './load-retail-data.js';
import type { RetailOrder } from './retail-records.js';

const environment = createRetailEnvironment(
  loadRetailData(new URL('../../../examples/retail/data/', import.meta.url).pathname),
);

function errorOf(response: ToolCallResult) {
  return response.ok ? undefined : { code: response.error.code, message: response.error.message };
}

/** yusuf_rossi_9620's pending order: a T-Shirt 8349118980 (53.43) and an espresso machine. */
const ORDER = '#W4776164';
const CARD = 'credit_card_9513926';

function modify(itemIds: string[], newItemIds: string[], paymentMethodId = CARD, order = ORDER) {
  return {
    order_id: order,
    item_ids: itemIds,
    new_item_ids: newItemIds,
    payment_method_id: paymentMethodId,
  };
}

describe('modify_pending_order_items: checks, in order', () => {
  it('answers an unknown order with order_not_found', async () => {
    const tools = createToolHarness(environment);
    const response = await tools.call(
      'modify_pending_order_items',
      modify([], [], CARD, '4776164'),
    );
    expect(errorOf(response)).toEqual({ code: 'order_not_found', message: 'order not found' });
  });

  it('refuses an order that is not pending', async () => {
    const tools = createToolHarness(environment);
    const response = await tools.call(
      'modify_pending_order_items',
      modify(['1151293680'], ['7706410293'], CARD, '#W2378156'),
    );
    expect(errorOf(response)).toEqual({
      code: 'invalid_status',
      message: 'non-pending order cannot be modified',
    });
  });

  it('names an item the order does not have, before comparing the list lengths', async () => {
    const tools = createToolHarness(environment);
    const response = await tools.call('modify_pending_order_items', modify(['1151293680'], []));
    expect(errorOf(response)).toEqual({ code: 'item_not_found', message: '1151293680 not found' });
  });

  it('names an item asked for more often than the order has it', async () => {
    const tools = createToolHarness(environment);
    const response = await tools.call(
      'modify_pending_order_items',
      modify(['8349118980', '8349118980'], ['9647292434', '9647292434']),
    );
    expect(errorOf(response)).toEqual({ code: 'item_not_found', message: '8349118980 not found' });
  });

  it('refuses lists of different lengths', async () => {
    const tools = createToolHarness(environment);
    const response = await tools.call('modify_pending_order_items', modify(['8349118980'], []));
    expect(errorOf(response)).toEqual({
      code: 'item_count_mismatch',
      message: 'the number of items to be exchanged should match',
    });
  });

  it('refuses an item of another product', async () => {
    const tools = createToolHarness(environment);
    const response = await tools.call(
      'modify_pending_order_items',
      modify(['8349118980'], ['7706410293']),
    );
    expect(errorOf(response)).toEqual({
      code: 'item_unavailable',
      message: 'new item 7706410293 not found or available',
    });
  });

  it('refuses a variant that is not available', async () => {
    const tools = createToolHarness(environment);
    const response = await tools.call(
      'modify_pending_order_items',
      modify(['8349118980'], ['5047954489']),
    );
    expect(errorOf(response)).toEqual({
      code: 'item_unavailable',
      message: 'new item 5047954489 not found or available',
    });
  });

  it("refuses a method that is not the owner's", async () => {
    const tools = createToolHarness(environment);
    const response = await tools.call(
      'modify_pending_order_items',
      modify(['8349118980'], ['9647292434'], 'paypal_5727330'),
    );
    expect(errorOf(response)).toEqual({
      code: 'payment_method_not_found',
      message: 'payment method not found',
    });
  });

  it('refuses a gift card that cannot pay the difference', async () => {
    const tools = createToolHarness(environment);
    // 534.84 - 457.81 = 77.03 > 49 on gift_card_7219486.
    const response = await tools.call(
      'modify_pending_order_items',
      modify(['7896397433'], ['2444431651'], 'gift_card_7219486', '#W6779827'),
    );
    expect(errorOf(response)).toEqual({
      code: 'insufficient_balance',
      message: 'insufficient gift card balance to pay for the new item',
    });
    expect(tools.state.diff()).toEqual({});
  });
});

describe('modify_pending_order_items: effects', () => {
  it('charges the unrounded difference, float noise included (test task 3)', async () => {
    const tools = createToolHarness(environment);
    const order = (await tools.result(
      'modify_pending_order_items',
      modify(['8349118980'], ['9647292434']),
    )) as RetailOrder;
    // CPython: 0 + (53.48 - 53.43) == 0.04999999999999716
    expect(order.payment_history.at(-1)).toEqual({
      transaction_type: 'payment',
      amount: 0.04999999999999716,
      payment_method_id: CARD,
    });
  });

  it('gives the line the new id, price and options, and the order its new status', async () => {
    const tools = createToolHarness(environment);
    const order = (await tools.result(
      'modify_pending_order_items',
      modify(['8349118980'], ['9647292434']),
    )) as RetailOrder;
    expect(order.items[0]).toEqual({
      name: 'T-Shirt',
      product_id: '9523456873',
      item_id: '9647292434',
      price: 53.48,
      options: { color: 'purple', size: 'S', material: 'polyester', style: 'v-neck' },
    });
    expect(order.status).toBe('pending (item modified)');
  });

  it('refunds a cheaper swap, pairing duplicates with successive lines', async () => {
    const tools = createToolHarness(environment);
    // #W7208030 has Garden Hose 5753502325 twice, at 96.35.
    const order = (await tools.result(
      'modify_pending_order_items',
      modify(
        ['5753502325', '5753502325'],
        ['8481719475', '9829827210'],
        'credit_card_5809636',
        '#W7208030',
      ),
    )) as RetailOrder;
    expect(order.items.map((line) => [line.item_id, line.price])).toEqual([
      ['8481719475', 98.61],
      ['9829827210', 90.43],
    ]);
    // CPython: 0 + (98.61 - 96.35) + (90.43 - 96.35) == -3.6599999999999824
    expect(order.payment_history.at(-1)).toEqual({
      transaction_type: 'refund',
      amount: 3.6599999999999824,
      payment_method_id: 'credit_card_5809636',
    });
  });

  it('finds the same line again when a pair keeps its id', async () => {
    const tools = createToolHarness(environment);
    // #W9093821 has Backpack 3557711149 at lines 0 and 2.
    const order = (await tools.result(
      'modify_pending_order_items',
      modify(
        ['3557711149', '3557711149'],
        ['3557711149', '3928046918'],
        'credit_card_7422485',
        '#W9093821',
      ),
    )) as RetailOrder;
    expect(order.items.map((line) => line.item_id)).toEqual([
      '3928046918',
      '8917609800',
      '3557711149',
      '4035304400',
      '9747045638',
    ]);
    // CPython: 0 + (205.35 - 205.35) + (198.0 - 205.35) == -7.349999999999994
    expect(order.payment_history.at(-1)?.amount).toBe(7.349999999999994);
  });

  it('records a difference of 0 as a refund of 0 and rounds the gift card anyway (train task 8)', async () => {
    const tools = createToolHarness(environment);
    const order = (await tools.result(
      'modify_pending_order_items',
      modify(['3330317167'], ['3330317167'], 'gift_card_2748512', '#W3206099'),
    )) as RetailOrder;
    expect(order.payment_history.at(-1)).toEqual({
      transaction_type: 'refund',
      amount: 0,
      payment_method_id: 'gift_card_2748512',
    });
    // Python stores round(9 - 0.0, 2) == 9.0: the same value, so no user change to see.
    expect(tools.state.get('users', 'lucas_muller_4380')).toMatchObject({
      payment_methods: { gift_card_2748512: { balance: 9 } },
    });
    expect(Object.keys(tools.state.diff())).toEqual(['orders']);
  });

  it('takes the difference from a gift card with round(balance - difference, 2)', async () => {
    const tools = createToolHarness(environment);
    const order = (await tools.result(
      'modify_pending_order_items',
      modify(['7896397433'], ['4422467033'], 'gift_card_7219486', '#W6779827'),
    )) as RetailOrder;
    // CPython: d = 0 + (483.47 - 457.81) == 25.660000000000025; round(49 - d, 2) == 23.34
    expect(order.payment_history.at(-1)?.amount).toBe(25.660000000000025);
    expect(tools.state.get('users', 'ethan_lopez_6291')).toMatchObject({
      payment_methods: { gift_card_7219486: { balance: 23.34 } },
    });
  });

  it('leaves the order to no further tool once modified', async () => {
    const tools = createToolHarness(environment);
    await tools.result('modify_pending_order_items', modify(['8349118980'], ['9647292434']));
    const again = await tools.call(
      'modify_pending_order_items',
      modify(['9647292434'], ['8349118980']),
    );
    expect(errorOf(again)).toEqual({
      code: 'invalid_status',
      message: 'non-pending order cannot be modified',
    });
  });
});
