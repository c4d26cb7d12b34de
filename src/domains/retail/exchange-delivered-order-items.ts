import { z } from 'zod';
import { defineTool, toolError } from '../../environment/index.js';
import { checkItemSwap } from './item-swap.js';
import { pythonRound2 } from '../taubench/index.js';
import {
  RETAIL_COLLECTIONS,
  giftCardBalance,
  isGiftCardBySource,
  orderOwner,
  ownerPaymentMethod,
  readOrder,
} from './retail-records.js';
import {
  OrderIdArgument,
  PaymentMethodIdArgument,
  itemIdsArgument,
  newItemIdsArgument,
} from './tool-arguments.js';

/**
 * Records an exchange request on a delivered order, as tau-bench does:
 * nothing is charged and the lines stay as they are; the order gets status
 * 'exchange requested', the sorted old ids, the new ids sorted on their own
 * (so the pairing is lost), the method and the price difference rounded
 * with Python's round(..., 2).
 */
export const exchangeDeliveredOrderItems = defineTool({
  name: 'exchange_delivered_order_items',
  description:
    'Exchange items in a delivered order to new items of the same product type. For a delivered order, return or exchange can be only done once by the agent. The agent needs to explain the exchange detail and ask for explicit user confirmation (yes/no) to proceed.',
  input: z.strictObject({
    order_id: OrderIdArgument,
    item_ids: itemIdsArgument('exchanged'),
    new_item_ids: newItemIdsArgument('exchanged'),
    payment_method_id: PaymentMethodIdArgument,
  }),
  effect: 'irreversible',
  scope: ({ order_id }, state) => orderOwner(state, order_id),
  run: ({ order_id, item_ids, new_item_ids, payment_method_id }, { state }) => {
    const order = readOrder(state, order_id);
    if (order === undefined) return toolError('order_not_found', 'order not found');
    if (order.status !== 'delivered') {
      return toolError('invalid_status', 'non-delivered order cannot be exchanged');
    }
    const check = checkItemSwap(state, order, item_ids, new_item_ids);
    if (!check.ok) return check.failure;
    const difference = pythonRound2(check.priceDifference);
    const method = ownerPaymentMethod(state, order, payment_method_id);
    if (method === undefined) {
      return toolError('payment_method_not_found', 'payment method not found');
    }
    if (isGiftCardBySource(method) && giftCardBalance(method) < difference) {
      return toolError(
        'insufficient_balance',
        'insufficient gift card balance to pay for the price difference',
      );
    }
    return state.update(RETAIL_COLLECTIONS.orders, order_id, (draft) => {
      draft.status = 'exchange requested';
      // Plain sort is code-unit order, Python's sorted() on these ASCII ids.
      draft.exchange_items = [...item_ids].sort();
      draft.exchange_new_items = [...new_item_ids].sort();
      draft.exchange_payment_method_id = payment_method_id;
      draft.exchange_price_difference = difference;
    });
  },
});
