import { z } from 'zod';
import { defineTool, toolError } from '../../environment/index.js';
import { checkItemSwap, planLineSwaps } from './item-swap.js';
import { pythonRound2 } from '../taubench/index.js';
import {
  RETAIL_COLLECTIONS,
  giftCardBalance,
  isGiftCardBySource,
  orderOwner,
  ownerPaymentMethod,
  readOrder,
} from './retail-records.js';
import type { RetailOrder, RetailUser } from './retail-records.js';
import {
  OrderIdArgument,
  PaymentMethodIdArgument,
  itemIdsArgument,
  newItemIdsArgument,
} from './tool-arguments.js';

/**
 * Swaps items of a pending order for other variants of the same products,
 * as tau-bench does: the price difference is charged or refunded at once
 * and kept unrounded in the payment history (float noise included; a
 * difference of 0 is a refund of 0), a gift card (by source) pays it with
 * round(balance - difference, 2), and the order becomes
 * 'pending (item modified)', which no tool accepts any more.
 */
export const modifyPendingOrderItems = defineTool({
  name: 'modify_pending_order_items',
  description:
    'Modify items in a pending order to new items of the same product type. For a pending order, this function can only be called once. The agent needs to explain the exchange detail and ask for explicit user confirmation (yes/no) to proceed.',
  input: z.strictObject({
    order_id: OrderIdArgument,
    item_ids: itemIdsArgument('modified'),
    new_item_ids: newItemIdsArgument('modified'),
    payment_method_id: PaymentMethodIdArgument,
  }),
  effect: 'irreversible',
  scope: ({ order_id }, state) => orderOwner(state, order_id),
  run: ({ order_id, item_ids, new_item_ids, payment_method_id }, { state }) => {
    const order = readOrder(state, order_id);
    if (order === undefined) return toolError('order_not_found', 'order not found');
    if (order.status !== 'pending') {
      return toolError('invalid_status', 'non-pending order cannot be modified');
    }
    const check = checkItemSwap(state, order, item_ids, new_item_ids);
    if (!check.ok) return check.failure;
    const difference = check.priceDifference;
    const method = ownerPaymentMethod(state, order, payment_method_id);
    if (method === undefined) {
      return toolError('payment_method_not_found', 'payment method not found');
    }
    const paysByGiftCard = isGiftCardBySource(method);
    if (paysByGiftCard && giftCardBalance(method) < difference) {
      return toolError(
        'insufficient_balance',
        'insufficient gift card balance to pay for the new item',
      );
    }
    const swaps = planLineSwaps(state, order.items, item_ids, new_item_ids);
    // tau-bench would crash half-way here; the fixture check rules it out.
    if (swaps === undefined) {
      return toolError('item_unavailable', 'new item not found or available');
    }
    if (paysByGiftCard) {
      state.update(RETAIL_COLLECTIONS.users, order.user_id, (draft) => {
        const card = (draft as unknown as RetailUser).payment_methods[payment_method_id];
        // Even a difference of 0 goes through round(): an int balance becomes a float in Python.
        if (card !== undefined) card.balance = pythonRound2(giftCardBalance(card) - difference);
      });
    }
    return state.update(RETAIL_COLLECTIONS.orders, order_id, (record) => {
      const draft = record as unknown as RetailOrder;
      draft.payment_history.push({
        transaction_type: difference > 0 ? 'payment' : 'refund',
        amount: Math.abs(difference),
        payment_method_id,
      });
      for (const { lineIndex, itemId, variant } of swaps) {
        const line = draft.items[lineIndex];
        if (line === undefined) continue;
        line.item_id = itemId;
        line.price = variant.price;
        line.options = variant.options;
      }
      draft.status = 'pending (item modified)';
    });
  },
});
