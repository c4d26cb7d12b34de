import { z } from 'zod';
import { defineTool, toolError } from '../../environment/index.js';
import type { ToolFailure } from '../../environment/index.js';
import type { WorkingState } from '../../state/index.js';
import { exchangeDeliveredOrderItems } from './exchange-delivered-order-items.js';
import { findMissingItem } from './item-swap.js';
import { modifyPendingOrderItems } from './modify-pending-order-items.js';
import { pythonRound2 } from '../taubench/index.js';
import {
  RETAIL_COLLECTIONS,
  giftCardBalance,
  isGiftCardBySource,
  ownEntry,
  readOrder,
  readProduct,
} from './retail-records.js';
import type { RetailOrder, RetailPayment, RetailUser, RetailVariant } from './retail-records.js';
import { tau2PaymentMethod } from './tau2-order-tools.js';

// tau2's item tools (tau2-bench, MIT, Sierra) where they differ from v1:
// error wording; a new id that is no variant of the line's product is
// "Variant not found"; modify-items refuses a new id equal to the old one
// and writes the price and options of the last new variant it checked onto
// every changed line (tau2 reads a loop variable after its loop).

type SwapCheck =
  | { readonly ok: true; readonly difference: number; readonly lastVariant?: RetailVariant }
  | { readonly ok: false; readonly failure: ToolFailure };

interface SwapWording {
  readonly missing: (itemId: string) => string;
  readonly countMismatch: string;
  readonly refuseSameId: boolean;
}

/** tau2's checks shared by exchange and modify-items, in its order, and the summed difference. */
function checkSwap(
  state: WorkingState,
  order: RetailOrder,
  itemIds: readonly string[],
  newItemIds: readonly string[],
  wording: SwapWording,
): SwapCheck {
  const fail = (code: string, message: string): SwapCheck => ({
    ok: false,
    failure: toolError(code, message),
  });
  const missing = findMissingItem(order.items, itemIds);
  if (missing !== undefined) return fail('item_not_found', wording.missing(missing));
  if (itemIds.length !== newItemIds.length)
    return fail('item_count_mismatch', wording.countMismatch);
  let difference = 0;
  let lastVariant: RetailVariant | undefined;
  for (const [index, itemId] of itemIds.entries()) {
    const newItemId = newItemIds[index] ?? '';
    if (wording.refuseSameId && itemId === newItemId) {
      return fail('same_item', 'The new item id should be different from the old item id');
    }
    const line = order.items.find((candidate) => candidate.item_id === itemId);
    if (line === undefined) return fail('item_not_found', `Item ${itemId} not found`);
    const product = readProduct(state, line.product_id);
    if (product === undefined) return fail('product_not_found', 'Product not found');
    const variant = ownEntry(product.variants, newItemId);
    if (variant === undefined) return fail('variant_not_found', 'Variant not found');
    if (!variant.available) {
      return fail('item_unavailable', `New item ${newItemId} not found or available`);
    }
    difference += variant.price - line.price;
    lastVariant = variant;
  }
  return lastVariant === undefined
    ? { ok: true, difference }
    : { ok: true, difference, lastVariant };
}

export const tau2ExchangeDeliveredOrderItems = defineTool({
  ...exchangeDeliveredOrderItems,
  run: ({ order_id, item_ids, new_item_ids, payment_method_id }, { state }) => {
    const order = readOrder(state, order_id);
    if (order === undefined) return toolError('order_not_found', 'Order not found');
    if (order.status !== 'delivered') {
      return toolError('invalid_status', 'Non-delivered order cannot be exchanged');
    }
    const check = checkSwap(state, order, item_ids, new_item_ids, {
      missing: (itemId) => `Number of ${itemId} not found.`,
      countMismatch: 'The number of items to be exchanged should match.',
      refuseSameId: false,
    });
    if (!check.ok) return check.failure;
    const difference = pythonRound2(check.difference);
    const method = tau2PaymentMethod(state, order.user_id, payment_method_id);
    if (!('source' in method)) return method;
    if (isGiftCardBySource(method) && giftCardBalance(method) < difference) {
      return toolError(
        'insufficient_balance',
        'Insufficient gift card balance to pay for the price difference',
      );
    }
    return state.update(RETAIL_COLLECTIONS.orders, order_id, (draft) => {
      draft.status = 'exchange requested';
      draft.exchange_items = [...item_ids].sort();
      draft.exchange_new_items = [...new_item_ids].sort();
      draft.exchange_payment_method_id = payment_method_id;
      draft.exchange_price_difference = difference;
    });
  },
});

export const tau2ModifyPendingOrderItems = defineTool({
  ...modifyPendingOrderItems,
  run: ({ order_id, item_ids, new_item_ids, payment_method_id }, { state }) => {
    const order = readOrder(state, order_id);
    if (order === undefined) return toolError('order_not_found', 'Order not found');
    if (order.status !== 'pending') {
      return toolError('invalid_status', 'Non-pending order cannot be modified');
    }
    const check = checkSwap(state, order, item_ids, new_item_ids, {
      missing: (itemId) => `${itemId} not found`,
      countMismatch: 'The number of items to be exchanged should match',
      refuseSameId: true,
    });
    if (!check.ok) return check.failure;
    const { difference, lastVariant } = check;
    const method = tau2PaymentMethod(state, order.user_id, payment_method_id);
    if (!('source' in method)) return method;
    const paysByGiftCard = isGiftCardBySource(method);
    if (paysByGiftCard && giftCardBalance(method) < difference) {
      return toolError(
        'insufficient_balance',
        'Insufficient gift card balance to pay for the new item',
      );
    }
    if (paysByGiftCard) {
      state.update(RETAIL_COLLECTIONS.users, order.user_id, (draft) => {
        const card = (draft as unknown as RetailUser).payment_methods[payment_method_id];
        if (card !== undefined) card.balance = pythonRound2(giftCardBalance(card) - difference);
      });
    }
    return state.update(RETAIL_COLLECTIONS.orders, order_id, (record) => {
      const draft = record as unknown as RetailOrder;
      draft.payment_history.push({
        transaction_type: difference > 0 ? 'payment' : 'refund',
        amount: Math.abs(difference),
        payment_method_id,
      } satisfies RetailPayment);
      for (const [index, itemId] of item_ids.entries()) {
        const line = draft.items.find((candidate) => candidate.item_id === itemId);
        if (line === undefined || lastVariant === undefined) continue;
        line.item_id = new_item_ids[index] ?? itemId;
        line.price = lastVariant.price;
        line.options = { ...lastVariant.options };
      }
      draft.status = 'pending (item modified)';
    });
  },
});

/** tau2's new lookup: the variant with this item id, from the first product that has it. */
export const tau2GetItemDetails = defineTool({
  name: 'get_item_details',
  description: 'Get the inventory details of an item.',
  input: z.strictObject({
    item_id: z
      .string()
      .describe(
        "The item id, such as '6086499569'. Be careful the item id is different from the product id.",
      ),
  }),
  effect: 'read',
  run: ({ item_id }, { state }) => {
    for (const productId of state.ids(RETAIL_COLLECTIONS.products)) {
      const variant = ownEntry(readProduct(state, productId)?.variants ?? {}, item_id);
      if (variant !== undefined) return variant;
    }
    return toolError('item_not_found', 'Item not found');
  },
});
