import type { JsonObject } from '../../core/index.js';
import type { WorkingState } from '../../state/index.js';
import { asObject, asString, asStrings, offByOne, paymentMethodsOf } from './perturbation.js';
import type { Perturb, Perturbation } from './perturbation.js';

function ownerOf(tool: string, args: JsonObject, state: WorkingState): string | undefined {
  if (tool === 'modify_user_address')
    return typeof args.user_id === 'string' ? args.user_id : undefined;
  const order = state.get('orders', asString(args.order_id));
  return typeof order?.user_id === 'string' ? order.user_id : undefined;
}

function orderItemIds(orderId: string, state: WorkingState): string[] {
  const items = state.get('orders', orderId)?.items;
  return Array.isArray(items) ? items.map((item) => asString(asObject(item).item_id)) : [];
}

/** Other available variants of the product of the first order line holding `itemId`. */
function otherVariants(
  orderId: string,
  itemId: string,
  exclude: readonly string[],
  state: WorkingState,
): string[] {
  const items = state.get('orders', orderId)?.items;
  const line = Array.isArray(items)
    ? items.map(asObject).find((item) => item.item_id === itemId)
    : undefined;
  const product = state.get('products', asString(line?.product_id));
  return Object.entries(asObject(product?.variants))
    .filter(
      ([variantId, variant]) =>
        asObject(variant).available === true && !exclude.includes(variantId),
    )
    .map(([variantId]) => variantId);
}

/**
 * Plausible wrong versions of one gold write that still go through as a
 * call: the other cancel reason, an address off by one character, another
 * payment method of the same user, another available variant of the same
 * product, one return item dropped.
 */
export const retailPerturbations: Perturb = (tool, args, state) => {
  const owner = ownerOf(tool, args, state);
  const otherMethods = paymentMethodsOf(owner, state).filter(
    (method) => method !== args.payment_method_id,
  );
  const withMethod = (method: string): Perturbation => ({
    name: `${tool}-other-payment-method`,
    args: { ...args, payment_method_id: method },
  });
  switch (tool) {
    case 'cancel_pending_order':
      return [
        {
          name: `${tool}-other-reason`,
          args: {
            ...args,
            reason: args.reason === 'no longer needed' ? 'ordered by mistake' : 'no longer needed',
          },
        },
      ];
    case 'modify_pending_order_address':
    case 'modify_user_address':
      return [
        {
          name: `${tool}-address-typo`,
          args: { ...args, address1: offByOne(asString(args.address1)) },
        },
      ];
    case 'modify_pending_order_payment':
      return otherMethods.map(withMethod);
    case 'modify_pending_order_items':
    case 'exchange_delivered_order_items': {
      const oldIds = asStrings(args.item_ids);
      const newIds = asStrings(args.new_item_ids);
      const variants = oldIds.flatMap((oldId, index) =>
        // Keeping the old item (an exchange for itself, which tau-bench accepts) comes last.
        otherVariants(asString(args.order_id), oldId, [newIds[index] ?? ''], state)
          .sort((a, b) => Number(a === oldId) - Number(b === oldId))
          .map((variant) => ({
            name: `${tool}-other-variant`,
            args: {
              ...args,
              new_item_ids: newIds.map((id, position) => (position === index ? variant : id)),
            },
          })),
      );
      return [...variants, ...otherMethods.map(withMethod)];
    }
    case 'return_delivered_order_items': {
      const items = asStrings(args.item_ids);
      const dropped = [
        { name: `${tool}-item-dropped`, args: { ...args, item_ids: items.slice(0, -1) } },
      ];
      const otherItems = orderItemIds(asString(args.order_id), state)
        .filter((itemId) => !items.includes(itemId))
        .map((itemId) => ({
          name: `${tool}-other-item`,
          args: { ...args, item_ids: [...items.slice(0, -1), itemId] },
        }));
      // Dropping the only item leaves an empty return request, which tau-bench accepts: the last resort.
      return items.length > 1
        ? [...dropped, ...otherItems, ...otherMethods.map(withMethod)]
        : [...otherItems, ...otherMethods.map(withMethod), ...dropped];
    }
    default:
      return [];
  }
};
