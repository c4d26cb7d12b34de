import { z } from 'zod';
import { defineTool, toolError } from '../../environment/index.js';
import {
  RETAIL_COLLECTIONS,
  giftCardBalance,
  isGiftCardById,
  orderOwner,
  ownEntry,
  readOrder,
  readUser,
} from './retail-records.js';
import type { RetailPayment, RetailUser } from './retail-records.js';
import { OrderIdArgument } from './tool-arguments.js';
import { pythonRound2 } from '../taubench/index.js';

const CANCEL_REASONS = ['no longer needed', 'ordered by mistake'];

/**
 * Cancels a pending order and refunds every entry of its payment history,
 * as tau-bench does: a refund per entry whatever its type (so after a
 * payment change the refund is refunded too), gift cards (by id) credited at
 * once with Python's round(balance + amount, 2), other methods not at all.
 */
export const cancelPendingOrder = defineTool({
  name: 'cancel_pending_order',
  description:
    "Cancel a pending order. If the order is already processed or delivered, it cannot be cancelled. The agent needs to explain the cancellation detail and ask for explicit user confirmation (yes/no) to proceed. If the user confirms, the order status will be changed to 'cancelled' and the payment will be refunded. The refund will be added to the user's gift card balance immediately if the payment was made using a gift card, otherwise the refund would take 5-7 business days to process. The function returns the order details after the cancellation.",
  input: z.strictObject({
    order_id: OrderIdArgument,
    // Shown as an enum (as in tau-bench) but checked by the tool, so that a
    // wrong reason gets tau-bench's answer after its order checks.
    reason: z.string().meta({
      enum: CANCEL_REASONS,
      description:
        "The reason for cancellation, which should be either 'no longer needed' or 'ordered by mistake'.",
    }),
  }),
  effect: 'irreversible',
  scope: ({ order_id }, state) => orderOwner(state, order_id),
  run: ({ order_id, reason }, { state }) => {
    const order = readOrder(state, order_id);
    if (order === undefined) return toolError('order_not_found', 'order not found');
    if (order.status !== 'pending') {
      return toolError('invalid_status', 'non-pending order cannot be cancelled');
    }
    if (!CANCEL_REASONS.includes(reason)) return toolError('invalid_reason', 'invalid reason');
    const refunds: RetailPayment[] = order.payment_history.map((payment) => ({
      transaction_type: 'refund',
      amount: payment.amount,
      payment_method_id: payment.payment_method_id,
    }));
    const credited = refunds.filter((refund) => isGiftCardById(refund.payment_method_id));
    if (credited.length > 0) {
      const owner = readUser(state, order.user_id);
      // tau-bench would crash here; the fixture check rules it out.
      const orphan = credited.find(
        (refund) =>
          owner === undefined || !ownEntry(owner.payment_methods, refund.payment_method_id),
      );
      if (orphan !== undefined) {
        return toolError('payment_method_not_found', 'payment method not found');
      }
      state.update(RETAIL_COLLECTIONS.users, order.user_id, (draft) => {
        const methods = (draft as unknown as RetailUser).payment_methods;
        for (const refund of credited) {
          const method = methods[refund.payment_method_id];
          if (method !== undefined) {
            method.balance = pythonRound2(giftCardBalance(method) + refund.amount);
          }
        }
      });
    }
    return state.update(RETAIL_COLLECTIONS.orders, order_id, (draft) => {
      draft.status = 'cancelled';
      draft.cancel_reason = reason;
      (draft.payment_history as RetailPayment[]).push(...refunds);
    });
  },
});
