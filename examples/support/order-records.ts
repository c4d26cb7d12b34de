import { z } from 'endstate';
import type { StateRecord, WorkingState } from 'endstate';

/**
 * The shapes of the support fixture's records. Tools read records through
 * these schemas, so a malformed fixture fails loudly (an environment bug)
 * instead of giving the agent a half-right answer.
 */

export const CustomerSchema = z.object({
  name: z.string(),
  email: z.string(),
});
export type Customer = z.infer<typeof CustomerSchema>;

const Cents = z.number().int().nonnegative();

export const OrderSchema = z.object({
  customer_id: z.string(),
  status: z.enum(['processing', 'shipped', 'delivered', 'refunded', 'cancelled']),
  placed_at: z.string(),
  delivered_at: z.string().nullable(),
  items: z.array(
    z.object({
      sku: z.string(),
      name: z.string(),
      quantity: z.number().int().positive(),
      unit_price_cents: Cents,
    }),
  ),
  subtotal_cents: Cents,
  tax_cents: Cents,
  shipping_cents: Cents,
  total_cents: Cents,
  final_sale: z.boolean(),
  shipping_address: z.object({
    line1: z.string(),
    city: z.string(),
    postal_code: z.string(),
    country: z.string(),
  }),
});
export type Order = z.infer<typeof OrderSchema>;

export const RefundSchema = z.object({
  order_id: z.string(),
  amount_cents: Cents,
  refunded_at: z.string(),
});
export type Refund = z.infer<typeof RefundSchema>;

/** The fixture's collections, for checking a fixture file as a whole. */
export const SupportStateSchema = z.object({
  customers: z.record(z.string(), CustomerSchema),
  orders: z.record(z.string(), OrderSchema),
  refunds: z.record(z.string(), RefundSchema),
  outbox: z.record(z.string(), z.record(z.string(), z.unknown())),
});

export function readOrder(state: WorkingState, orderId: string): Order | undefined {
  const record = state.get('orders', orderId);
  return record === undefined ? undefined : OrderSchema.parse(record);
}

export function readCustomer(state: WorkingState, customerId: string): Customer | undefined {
  const record = state.get('customers', customerId);
  return record === undefined ? undefined : CustomerSchema.parse(record);
}

/**
 * Whose order this is (the customer id), for the tools' scope rule: a task
 * that declares `scope: { owner: C-102 }` lets the agent touch Ben's orders
 * only. Undefined for an unknown order.
 */
export function orderOwner(state: WorkingState, orderId: string): string | undefined {
  const owner = state.get('orders', orderId)?.customer_id;
  return typeof owner === 'string' ? owner : undefined;
}

/** The customer an email address belongs to, for the scope of an email; undefined for any other address. */
export function emailOwner(state: WorkingState, address: string): string | undefined {
  const wanted = address.trim().toLowerCase();
  const found = state
    .entries('customers')
    .find(
      ([, record]) => typeof record.email === 'string' && record.email.toLowerCase() === wanted,
    );
  return found?.[0];
}

/** Refunds recorded for one order, with their ids. */
export function refundsOf(
  state: WorkingState,
  orderId: string,
): (Refund & { refund_id: string })[] {
  return state
    .entries('refunds')
    .map(([refundId, record]: [string, StateRecord]) => ({
      refund_id: refundId,
      ...RefundSchema.parse(record),
    }))
    .filter((refund) => refund.order_id === orderId);
}
