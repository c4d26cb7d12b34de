import type { Order } from './order-records.js';

/** Returns are accepted this many days after delivery (policy.md). */
export const RETURN_WINDOW_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

export type IneligibleReason =
  'already_refunded' | 'cancelled' | 'not_delivered' | 'final_sale' | 'outside_return_window';

export type Eligibility =
  | {
      readonly eligible: true;
      readonly reason: 'within_return_window';
      readonly detail: string;
      readonly return_window_ends_at: string;
    }
  | {
      readonly eligible: false;
      readonly reason: IneligibleReason;
      readonly detail: string;
      readonly return_window_ends_at?: string;
    };

/** Whether an order may be refunded now: delivered, within the window, not final sale, not refunded. */
export function assessEligibility(order: Order, now: Date): Eligibility {
  if (order.status === 'refunded') {
    return {
      eligible: false,
      reason: 'already_refunded',
      detail: 'This order has already been refunded; see the refunds listed by get_order.',
    };
  }
  if (order.status === 'cancelled') {
    return { eligible: false, reason: 'cancelled', detail: 'This order was cancelled.' };
  }
  if (order.status !== 'delivered' || order.delivered_at === null) {
    return {
      eligible: false,
      reason: 'not_delivered',
      detail: `This order has not been delivered yet (status: ${order.status}); only delivered orders can be refunded.`,
    };
  }
  if (order.final_sale) {
    return {
      eligible: false,
      reason: 'final_sale',
      detail: 'This order is final sale: final sale items cannot be returned or refunded.',
    };
  }
  const deliveredMs = Date.parse(order.delivered_at);
  const windowEnds = new Date(deliveredMs + RETURN_WINDOW_DAYS * DAY_MS).toISOString();
  const daysSinceDelivery = Math.floor((now.getTime() - deliveredMs) / DAY_MS);
  if (now.getTime() > deliveredMs + RETURN_WINDOW_DAYS * DAY_MS) {
    return {
      eligible: false,
      reason: 'outside_return_window',
      detail: `Delivered ${daysSinceDelivery} days ago; returns are accepted within ${RETURN_WINDOW_DAYS} days of delivery (the window closed at ${windowEnds}).`,
      return_window_ends_at: windowEnds,
    };
  }
  return {
    eligible: true,
    reason: 'within_return_window',
    detail: `Delivered ${daysSinceDelivery} days ago; within the ${RETURN_WINDOW_DAYS}-day return window.`,
    return_window_ends_at: windowEnds,
  };
}

export interface RefundAmount {
  readonly amount_cents: number;
  readonly items_cents: number;
  readonly tax_cents: number;
  /** Shipping is not refunded (policy.md). */
  readonly shipping_cents_not_refunded: number;
}

/** What a refund of the whole order pays back: items and tax, never shipping. */
export function refundAmount(order: Order): RefundAmount {
  return {
    amount_cents: order.subtotal_cents + order.tax_cents,
    items_cents: order.subtotal_cents,
    tax_cents: order.tax_cents,
    shipping_cents_not_refunded: order.shipping_cents,
  };
}

/** 4299 → "$42.99". */
export function formatUsd(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}
