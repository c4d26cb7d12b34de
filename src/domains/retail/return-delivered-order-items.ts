import { z } from 'zod';
import { defineTool, toolError } from '../../environment/index.js';
import { findMissingItem } from './item-swap.js';
import {
  RETAIL_COLLECTIONS,
  isGiftCardById,
  orderOwner,
  ownerPaymentMethod,
  readOrder,
} from './retail-records.js';
import { OrderIdArgument, PaymentMethodIdArgument, itemIdsArgument } from './tool-arguments.js';

/**
 * Records a return request on a delivered order, as tau-bench does: status
 * 'return requested', the sorted item ids and the refund method, which must
 * be the original payment method or a gift card (by id). Nothing is
 * refunded yet.
 */
export const returnDeliveredOrderItems = defineTool({
  name: 'return_delivered_order_items',
  description:
    "Return some items of a delivered order. The order status will be changed to 'return requested'. The agent needs to explain the return detail and ask for explicit user confirmation (yes/no) to proceed. The user will receive follow-up email for how and where to return the item.",
  input: z.strictObject({
    order_id: OrderIdArgument,
    item_ids: itemIdsArgument('returned'),
    payment_method_id: PaymentMethodIdArgument,
  }),
  effect: 'irreversible',
  scope: ({ order_id }, state) => orderOwner(state, order_id),
  run: ({ order_id, item_ids, payment_method_id }, { state }) => {
    const order = readOrder(state, order_id);
    if (order === undefined) return toolError('order_not_found', 'order not found');
    if (order.status !== 'delivered') {
      return toolError('invalid_status', 'non-delivered order cannot be returned');
    }
    if (ownerPaymentMethod(state, order, payment_method_id) === undefined) {
      return toolError('payment_method_not_found', 'payment method not found');
    }
    const originalMethodId = order.payment_history[0]?.payment_method_id;
    if (!isGiftCardById(payment_method_id) && payment_method_id !== originalMethodId) {
      return toolError(
        'invalid_refund_method',
        'payment method should be either the original payment method or a gift card',
      );
    }
    if (findMissingItem(order.items, item_ids) !== undefined) {
      return toolError('item_not_found', 'some item not found');
    }
    return state.update(RETAIL_COLLECTIONS.orders, order_id, (draft) => {
      draft.status = 'return requested';
      draft.return_items = [...item_ids].sort();
      draft.return_payment_method_id = payment_method_id;
    });
  },
});
