import { z } from 'zod';
import type { WorkingState } from '../../state/index.js';

/**
 * The shapes of tau-bench's retail records, as far as the tools rely on them.
 * `createRetailEnvironment` checks the fixture against these once, so the
 * tools can read records through plain casts instead of parsing each one on
 * every call (the harness runs thousands of trials per second).
 */

export const RETAIL_COLLECTIONS = {
  users: 'users',
  orders: 'orders',
  products: 'products',
} as const;

export const RetailAddressSchema = z.object({
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  country: z.string(),
  state: z.string(),
  zip: z.string(),
});
export type RetailAddress = z.infer<typeof RetailAddressSchema>;

export const RetailPaymentMethodSchema = z
  .object({
    source: z.string(),
    id: z.string(),
    /** Gift cards only; an integer in the seed, a float after the first change. */
    balance: z.number().optional(),
    brand: z.string().optional(),
    last_four: z.string().optional(),
  })
  .refine(
    (method) =>
      !(isGiftCardBySource(method) || isGiftCardById(method.id)) ||
      typeof method.balance === 'number',
    { message: 'a gift card needs a numeric balance', path: ['balance'] },
  );
export type RetailPaymentMethod = z.infer<typeof RetailPaymentMethodSchema>;

export const RetailUserSchema = z.object({
  name: z.object({ first_name: z.string(), last_name: z.string() }),
  address: RetailAddressSchema,
  email: z.string(),
  payment_methods: z.record(z.string(), RetailPaymentMethodSchema),
  orders: z.array(z.string()),
});
export type RetailUser = z.infer<typeof RetailUserSchema>;

export const RetailLineItemSchema = z.object({
  name: z.string(),
  product_id: z.string(),
  item_id: z.string(),
  price: z.number(),
  options: z.record(z.string(), z.string()),
});
export type RetailLineItem = z.infer<typeof RetailLineItemSchema>;

export const RetailPaymentSchema = z.object({
  transaction_type: z.string(),
  amount: z.number(),
  payment_method_id: z.string(),
});
export type RetailPayment = z.infer<typeof RetailPaymentSchema>;

export const RetailOrderSchema = z.object({
  order_id: z.string(),
  user_id: z.string(),
  address: RetailAddressSchema,
  items: z.array(RetailLineItemSchema),
  fulfillments: z.array(
    z.object({ tracking_id: z.array(z.string()), item_ids: z.array(z.string()) }),
  ),
  /** pending, processed, delivered, cancelled; tools add three more. */
  status: z.string(),
  payment_history: z.array(RetailPaymentSchema),
});
export type RetailOrder = z.infer<typeof RetailOrderSchema>;

export const RetailVariantSchema = z.object({
  item_id: z.string(),
  options: z.record(z.string(), z.string()),
  available: z.boolean(),
  price: z.number(),
});
export type RetailVariant = z.infer<typeof RetailVariantSchema>;

export const RetailProductSchema = z.object({
  name: z.string(),
  product_id: z.string(),
  variants: z.record(z.string(), RetailVariantSchema),
});
export type RetailProduct = z.infer<typeof RetailProductSchema>;

// The casts below are sound for fixtures that passed checkRetailFixture.

export function readUser(state: WorkingState, userId: string): RetailUser | undefined {
  return state.get(RETAIL_COLLECTIONS.users, userId) as RetailUser | undefined;
}

export function readOrder(state: WorkingState, orderId: string): RetailOrder | undefined {
  return state.get(RETAIL_COLLECTIONS.orders, orderId) as RetailOrder | undefined;
}

export function readProduct(state: WorkingState, productId: string): RetailProduct | undefined {
  return state.get(RETAIL_COLLECTIONS.products, productId) as RetailProduct | undefined;
}

/** The owner of an order, for the tools' scope rule; undefined for an unknown order. */
export function orderOwner(state: WorkingState, orderId: string): string | undefined {
  return readOrder(state, orderId)?.user_id;
}

/**
 * An own property only: ids come from the agent, and `payment_methods.toString`
 * or `variants.__proto__` must be "not found", not a crash.
 */
export function ownEntry<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** A payment method of the order's owner, or undefined. */
export function ownerPaymentMethod(
  state: WorkingState,
  order: RetailOrder,
  paymentMethodId: string,
): RetailPaymentMethod | undefined {
  const owner = readUser(state, order.user_id);
  return owner === undefined ? undefined : ownEntry(owner.payment_methods, paymentMethodId);
}

/**
 * tau-bench's "is a gift card" test where a method is charged (modify
 * payment, modify items, exchange): its `source`. Called G-src in SPEC.md.
 */
export function isGiftCardBySource(method: { readonly source: string }): boolean {
  return method.source === 'gift_card';
}

/**
 * tau-bench's test where money goes back to a method (cancel, the old
 * method of modify payment, return): the id contains `gift_card`. Called
 * G-id in SPEC.md; in the data the two tests never disagree.
 */
export function isGiftCardById(paymentMethodId: string): boolean {
  return paymentMethodId.includes('gift_card');
}

/** A gift card's balance; checkRetailFixture guarantees that gift cards have one. */
export function giftCardBalance(method: RetailPaymentMethod): number {
  return method.balance ?? 0;
}
