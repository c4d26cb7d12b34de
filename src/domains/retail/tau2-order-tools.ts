import { z } from 'zod';
import { defineTool, toolError } from '../../environment/index.js';
import type { ToolFailure } from '../../environment/index.js';
import type { WorkingState } from '../../state/index.js';
import { cancelPendingOrder } from './cancel-pending-order.js';
import { modifyPendingOrderAddress } from './modify-address-tools.js';
import { modifyPendingOrderPayment } from './modify-pending-order-payment.js';
import { findMissingItem } from './item-swap.js';
import { pythonRound2 } from '../taubench/index.js';
import { returnDeliveredOrderItems } from './return-delivered-order-items.js';
import { OrderIdArgument, addressArguments } from './tool-arguments.js';
import {
  RETAIL_COLLECTIONS,
  giftCardBalance,
  isGiftCardBySource,
  ownEntry,
  readOrder,
  readUser,
} from './retail-records.js';
import type {
  RetailAddress,
  RetailPayment,
  RetailPaymentMethod,
  RetailUser,
} from './retail-records.js';

// tau2's retail tools that change an order (tau2-bench, MIT, Sierra), where
// they differ from tau-bench v1: tau2 raises ValueError and its environment
// answers `Error: <message>`; gift cards are told by their `source`
// everywhere; modify-address and modify-payment accept any status that
// contains "pending". Descriptions and arguments are v1's, which tau2 kept.

const CANCEL_REASONS = ['no longer needed', 'ordered by mistake'];

/** tau2's `_get_payment_method(order.user_id, id)`: the user first, then the method. */
export function tau2PaymentMethod(
  state: WorkingState,
  userId: string,
  paymentMethodId: string,
): RetailPaymentMethod | ToolFailure {
  const user = readUser(state, userId);
  if (user === undefined) return toolError('user_not_found', 'User not found');
  return (
    ownEntry(user.payment_methods, paymentMethodId) ??
    toolError('payment_method_not_found', 'Payment method not found')
  );
}

const isFailure = (value: RetailPaymentMethod | ToolFailure): value is ToolFailure =>
  !('source' in value);

const orderNotFound = () => toolError('order_not_found', 'Order not found');

/** Adds `amount` to gift card `methodId` of `userId`, rounded as Python's round(..., 2). */
function creditGiftCard(state: WorkingState, userId: string, methodId: string, amount: number) {
  state.update(RETAIL_COLLECTIONS.users, userId, (draft) => {
    const card = (draft as unknown as RetailUser).payment_methods[methodId];
    if (card !== undefined) card.balance = pythonRound2(giftCardBalance(card) + amount);
  });
}

export const tau2CancelPendingOrder = defineTool({
  ...cancelPendingOrder,
  run: ({ order_id, reason }, { state }) => {
    const order = readOrder(state, order_id);
    if (order === undefined) return orderNotFound();
    if (order.status !== 'pending') {
      return toolError('invalid_status', 'Non-pending order cannot be cancelled');
    }
    if (!CANCEL_REASONS.includes(reason)) return toolError('invalid_reason', 'Invalid reason');
    const refunds: RetailPayment[] = [];
    for (const payment of order.payment_history) {
      refunds.push({
        transaction_type: 'refund',
        amount: payment.amount,
        payment_method_id: payment.payment_method_id,
      });
      const method = tau2PaymentMethod(state, order.user_id, payment.payment_method_id);
      if (isFailure(method)) return method;
      if (isGiftCardBySource(method)) {
        creditGiftCard(state, order.user_id, payment.payment_method_id, payment.amount);
      }
    }
    return state.update(RETAIL_COLLECTIONS.orders, order_id, (draft) => {
      draft.status = 'cancelled';
      draft.cancel_reason = reason;
      (draft.payment_history as RetailPayment[]).push(...refunds);
    });
  },
});

export const tau2ModifyPendingOrderAddress = defineTool({
  ...modifyPendingOrderAddress,
  // tau2 calls the field a state here too (v1 said province).
  input: z.strictObject({
    order_id: OrderIdArgument,
    ...addressArguments("The state, such as 'CA'."),
  }),
  run: (args, { state }) => {
    const order = readOrder(state, args.order_id);
    if (order === undefined) return orderNotFound();
    if (!order.status.includes('pending')) {
      return toolError('invalid_status', 'Non-pending order cannot be modified');
    }
    const address: RetailAddress = {
      address1: args.address1,
      address2: args.address2,
      city: args.city,
      country: args.country,
      state: args.state,
      zip: args.zip,
    };
    return state.update(RETAIL_COLLECTIONS.orders, args.order_id, (draft) => {
      draft.address = address;
    });
  },
});

export const tau2ModifyPendingOrderPayment = defineTool({
  ...modifyPendingOrderPayment,
  run: ({ order_id, payment_method_id }, { state }) => {
    const order = readOrder(state, order_id);
    if (order === undefined) return orderNotFound();
    if (!order.status.includes('pending')) {
      return toolError('invalid_status', 'Non-pending order cannot be modified');
    }
    const method = tau2PaymentMethod(state, order.user_id, payment_method_id);
    if (isFailure(method)) return method;
    const [payment] = order.payment_history;
    if (
      payment === undefined ||
      order.payment_history.length !== 1 ||
      payment.transaction_type !== 'payment'
    ) {
      return toolError(
        'invalid_payment_history',
        'There should be exactly one payment for a pending order',
      );
    }
    const oldMethodId = payment.payment_method_id;
    if (oldMethodId === payment_method_id) {
      return toolError(
        'same_payment_method',
        'The new payment method should be different from the current one',
      );
    }
    const { amount } = payment;
    if (isGiftCardBySource(method) && giftCardBalance(method) < amount) {
      return toolError(
        'insufficient_balance',
        'Insufficient gift card balance to pay for the order',
      );
    }
    const oldMethod = tau2PaymentMethod(state, order.user_id, oldMethodId);
    if (isFailure(oldMethod)) return oldMethod;
    if (isGiftCardBySource(method))
      creditGiftCard(state, order.user_id, payment_method_id, -amount);
    if (isGiftCardBySource(oldMethod)) creditGiftCard(state, order.user_id, oldMethodId, amount);
    return state.update(RETAIL_COLLECTIONS.orders, order_id, (draft) => {
      (draft.payment_history as RetailPayment[]).push(
        { transaction_type: 'payment', amount, payment_method_id },
        { transaction_type: 'refund', amount, payment_method_id: oldMethodId },
      );
    });
  },
});

export const tau2ReturnDeliveredOrderItems = defineTool({
  ...returnDeliveredOrderItems,
  run: ({ order_id, item_ids, payment_method_id }, { state }) => {
    const order = readOrder(state, order_id);
    if (order === undefined) return orderNotFound();
    if (order.status !== 'delivered') {
      return toolError('invalid_status', 'Non-delivered order cannot be returned');
    }
    const method = tau2PaymentMethod(state, order.user_id, payment_method_id);
    if (isFailure(method)) return method;
    const original = order.payment_history[0];
    if (original === undefined)
      return toolError('invalid_payment_history', 'list index out of range');
    if (!isGiftCardBySource(method) && payment_method_id !== original.payment_method_id) {
      return toolError(
        'invalid_refund_method',
        'Payment method should be the original payment method',
      );
    }
    if (findMissingItem(order.items, item_ids) !== undefined) {
      return toolError('item_not_found', 'Some item not found');
    }
    return state.update(RETAIL_COLLECTIONS.orders, order_id, (draft) => {
      draft.status = 'return requested';
      draft.return_items = [...item_ids].sort();
      draft.return_payment_method_id = payment_method_id;
    });
  },
});
