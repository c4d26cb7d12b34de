import type { z } from 'zod';
import type { JsonObject, Problem } from '../../core/index.js';
import { RetailOrderSchema, RetailProductSchema, RetailUserSchema } from './retail-records.js';
import type { RetailOrder } from './retail-records.js';

/** The three collections of tau-bench's retail database. */
export interface RetailFixture {
  readonly users: Readonly<Record<string, JsonObject>>;
  readonly orders: Readonly<Record<string, JsonObject>>;
  readonly products: Readonly<Record<string, JsonObject>>;
}

/** Enough to locate what is wrong with a broken file without flooding the terminal. */
const MAX_PROBLEMS = 20;

/**
 * Every problem that would make a retail tool misread a record: shapes, and
 * the references the tools follow (an order's owner, a line's product, the
 * methods of its payments). An empty list means the tools cannot crash on it.
 *
 * @example
 * checkRetailFixture({ users: {}, orders: { '#W1': { status: 'pending' } }, products: {} });
 * // [{ path: 'orders.#W1.order_id', message: 'Invalid input: expected string, received undefined' }, ...]
 */
export function checkRetailFixture(fixture: RetailFixture): Problem[] {
  const problems: Problem[] = [];
  const report = (path: string, message: string): void => {
    problems.push({ path, message });
  };
  checkCollection('users', fixture.users, RetailUserSchema, report);
  checkCollection('products', fixture.products, RetailProductSchema, report);
  for (const orderId of checkCollection('orders', fixture.orders, RetailOrderSchema, report)) {
    const order = fixture.orders[orderId] as unknown as RetailOrder;
    checkOrderReferences(orderId, order, fixture, report);
  }
  if (problems.length <= MAX_PROBLEMS) return problems;
  return [
    ...problems.slice(0, MAX_PROBLEMS),
    { message: `and ${problems.length - MAX_PROBLEMS} more problems` },
  ];
}

/** Checks each record's shape; returns the ids of those that passed. */
function checkCollection(
  collection: string,
  records: Readonly<Record<string, JsonObject>>,
  schema: z.ZodType,
  report: (path: string, message: string) => void,
): string[] {
  const valid: string[] = [];
  for (const [id, record] of Object.entries(records)) {
    const result = schema.safeParse(record);
    if (result.success) {
      valid.push(id);
      continue;
    }
    for (const issue of result.error.issues) {
      report([collection, id, ...issue.path.map(String)].join('.'), issue.message);
    }
  }
  return valid;
}

function checkOrderReferences(
  orderId: string,
  order: RetailOrder,
  fixture: RetailFixture,
  report: (path: string, message: string) => void,
): void {
  const owner = fixture.users[order.user_id] as { payment_methods?: object } | undefined;
  if (!Object.hasOwn(fixture.users, order.user_id) || owner === undefined) {
    report(`orders.${orderId}.user_id`, `no user "${order.user_id}"`);
    return;
  }
  order.items.forEach((line, index) => {
    if (!Object.hasOwn(fixture.products, line.product_id)) {
      report(`orders.${orderId}.items.${index}.product_id`, `no product "${line.product_id}"`);
    }
  });
  order.payment_history.forEach((payment, index) => {
    if (!Object.hasOwn(owner.payment_methods ?? {}, payment.payment_method_id)) {
      report(
        `orders.${orderId}.payment_history.${index}.payment_method_id`,
        `user "${order.user_id}" has no payment method "${payment.payment_method_id}"`,
      );
    }
  });
}
