import { EndstateError } from '../../../core/index.js';
import type { JsonObject } from '../../../core/index.js';
import type { RetailFixture } from '../check-retail-fixture.js';
import { pythonRound2 } from '../../taubench/index.js';
import type {
  RetailAddress,
  RetailLineItem,
  RetailOrder,
  RetailPayment,
  RetailProduct,
  RetailUser,
} from '../retail-records.js';
import type { HeldoutMapping } from './heldout-mapping.js';

const atom = (mapping: HeldoutMapping, value: string): string => mapping.atoms.get(value) ?? value;

const price = (mapping: HeldoutMapping, value: number): number =>
  mapping.prices.get(value) ?? value;

function renameAddress(address: RetailAddress, mapping: HeldoutMapping): RetailAddress {
  return {
    ...address,
    address1: atom(mapping, address.address1),
    address2: atom(mapping, address.address2),
    zip: atom(mapping, address.zip),
  };
}

/** Python's `round(sum(prices), 2)`, as tau-bench totals an order. */
const total = (prices: readonly number[]): number =>
  pythonRound2(prices.reduce((sum, value) => sum + value, 0));

/**
 * A payment's new amount: the new total of the order lines it paid for.
 * The lines are found as the subset of the order whose old prices add up to
 * the old amount (the whole order, in tau-bench's data).
 */
function renamePayment(
  orderId: string,
  payment: RetailPayment,
  items: readonly RetailLineItem[],
  mapping: HeldoutMapping,
): RetailPayment {
  const subsets = 1 << Math.min(items.length, 16);
  for (let mask = subsets - 1; mask > 0; mask--) {
    const lines = items.filter((_, index) => (mask & (1 << index)) !== 0);
    if (total(lines.map((line) => line.price)) === payment.amount) {
      return {
        ...payment,
        amount: total(lines.map((line) => price(mapping, line.price))),
        payment_method_id: atom(mapping, payment.payment_method_id),
      };
    }
  }
  throw new EndstateError(
    'E_ENVIRONMENT_INVALID',
    `order ${orderId}: payment of ${payment.amount} is no sum of the order's line prices`,
    { hint: 'The held-out renaming recomputes each payment from the lines it paid for.' },
  );
}

function renameOrder(order: RetailOrder, mapping: HeldoutMapping): RetailOrder {
  return {
    ...order,
    order_id: atom(mapping, order.order_id),
    user_id: atom(mapping, order.user_id),
    address: renameAddress(order.address, mapping),
    items: order.items.map((line) => ({
      ...line,
      product_id: atom(mapping, line.product_id),
      item_id: atom(mapping, line.item_id),
      price: price(mapping, line.price),
    })),
    fulfillments: order.fulfillments.map((fulfillment) => ({
      ...fulfillment,
      tracking_id: fulfillment.tracking_id.map((id) => atom(mapping, id)),
      item_ids: fulfillment.item_ids.map((id) => atom(mapping, id)),
    })),
    payment_history: order.payment_history.map((payment) =>
      renamePayment(order.order_id, payment, order.items, mapping),
    ),
  };
}

function renameUser(user: RetailUser, mapping: HeldoutMapping): RetailUser {
  return {
    ...user,
    name: {
      first_name: mapping.names.get(user.name.first_name) ?? user.name.first_name,
      last_name: mapping.names.get(user.name.last_name) ?? user.name.last_name,
    },
    address: renameAddress(user.address, mapping),
    email: atom(mapping, user.email),
    payment_methods: Object.fromEntries(
      Object.entries(user.payment_methods).map(([id, method]) => [
        atom(mapping, id),
        { ...method, id: atom(mapping, method.id) },
      ]),
    ),
    orders: user.orders.map((id) => atom(mapping, id)),
  };
}

function renameProduct(product: RetailProduct, mapping: HeldoutMapping): RetailProduct {
  return {
    ...product,
    product_id: atom(mapping, product.product_id),
    variants: Object.fromEntries(
      Object.entries(product.variants).map(([id, variant]) => [
        atom(mapping, id),
        {
          ...variant,
          item_id: atom(mapping, variant.item_id),
          price: price(mapping, variant.price),
        },
      ]),
    ),
  };
}

const renameCollection = <T>(
  records: Readonly<Record<string, JsonObject>>,
  mapping: HeldoutMapping,
  rename: (record: T, mapping: HeldoutMapping) => T,
): Record<string, JsonObject> =>
  Object.fromEntries(
    Object.entries(records).map(([id, record]) => [
      atom(mapping, id),
      rename(record as unknown as T, mapping) as unknown as JsonObject,
    ]),
  );

/**
 * The retail data under a held-out mapping: same records in the same
 * order, every id, name, e-mail, address and price renamed, each payment
 * recomputed from the new prices of the lines it paid for. Gift card
 * balances, cities, states, product names and options stay as they were.
 */
export function renameRetailData(fixture: RetailFixture, mapping: HeldoutMapping): RetailFixture {
  return {
    users: renameCollection(fixture.users, mapping, renameUser),
    orders: renameCollection(fixture.orders, mapping, renameOrder),
    products: renameCollection(fixture.products, mapping, renameProduct),
  };
}
