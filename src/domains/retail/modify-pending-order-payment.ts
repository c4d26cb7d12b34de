import { z } from 'zod';
import { defineTool, toolError } from '../../environment/index.js';
import { pythonRound2 } from '../taubench/index.js';
import {
  RETAIL_COLLECTIONS,
  giftCardBalance,
  isGiftCardById,
  isGiftCardBySource,
  orderOwner,
  ownEntry,
  ownerPaymentMethod,
  readOrder,
  readUser,
} from './retail-records.js';
import type { RetailPayment, RetailUser } from './retail-records.js';
import { OrderIdArgument, PaymentMethodIdArgument } from './tool-arguments.js';

/**
 * Moves a pending order's single payment to another method of its owner:
 * appends the new payment and a refund to the old method, charges a gift
 * card (by source) at once and credits an old gift card (by id) at once,
 * each with Python's round(..., 2). The order stays pending.
 */
export const modifyPendingOrderPayment = defineTool({
  name: 'modify_pending_order_payment',
  description:
    'Modify the payment method of a pending order. The agent needs to explain the modification detail and ask for explicit user confirmation (yes/no) to proceed.',
  input: z.strictObject({
    order_id: OrderIdArgument,
    payment_method_id: PaymentMethodIdArgument,
  }),
  effect: 'irreversible',
  scope: ({ order_id }, state) => orderOwner(state, order_id),
  run: ({ order_id, payment_method_id }, { state }) => {
    const order = readOrder(state, order_id);
    if (order === undefined) return toolError('order_not_found', 'order not found');
    if (order.status !== 'pending') {
      return toolError('invalid_status', 'non-pending order cannot be modified');
    }
    const method = ownerPaymentMethod(state, order, payment_method_id);
    if (method === undefined) {
      return toolError('payment_method_not_found', 'payment method not found');
    }
    const [payment] = order.payment_history;
    // An empty history is an IndexError in tau-bench; it is the same refusal here.
    if (
      payment === undefined ||
      order.payment_history.length > 1 ||
      payment.transaction_type !== 'payment'
    ) {
      return toolError(
        'invalid_payment_history',
        'there should be exactly one payment for a pending order',
      );
    }
    const oldMethodId = payment.payment_method_id;
    if (oldMethodId === payment_method_id) {
      return toolError(
        'same_payment_method',
        'the new payment method should be different from the current one',
      );
    }
    const { amount } = payment;
    const chargesGiftCard = isGiftCardBySource(method);
    if (chargesGiftCard && giftCardBalance(method) < amount) {
      return toolError(
        'insufficient_balance',
        'insufficient gift card balance to pay for the order',
      );
    }
    const creditsGiftCard = isGiftCardById(oldMethodId);
    if (creditsGiftCard) {
      const owner = readUser(state, order.user_id);
      // tau-bench would crash here; the fixture check rules it out.
      if (owner === undefined || ownEntry(owner.payment_methods, oldMethodId) === undefined) {
        return toolError('payment_method_not_found', 'payment method not found');
      }
    }
    if (chargesGiftCard || creditsGiftCard) {
      state.update(RETAIL_COLLECTIONS.users, order.user_id, (draft) => {
        const methods = (draft as unknown as RetailUser).payment_methods;
        const charged = methods[payment_method_id];
        if (chargesGiftCard && charged !== undefined) {
          charged.balance = pythonRound2(giftCardBalance(charged) - amount);
        }
        const credited = methods[oldMethodId];
        if (creditsGiftCard && credited !== undefined) {
          credited.balance = pythonRound2(giftCardBalance(credited) + amount);
        }
      });
    }
    return state.update(RETAIL_COLLECTIONS.orders, order_id, (draft) => {
      (draft.payment_history as RetailPayment[]).push(
        { transaction_type: 'payment', amount, payment_method_id },
        { transaction_type: 'refund', amount, payment_method_id: oldMethodId },
      );
    });
  },
});
