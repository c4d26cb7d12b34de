import { toolError } from '../../environment/index.js';
import type { ToolFailure } from '../../environment/index.js';
import type { WorkingState } from '../../state/index.js';
import { AIRLINE_COLLECTIONS, balanceOf, ownEntry, readUser } from './airline-records.js';
import type { AirlineReservation, AirlineUser } from './airline-records.js';

/**
 * The checks tau-bench makes of the method that pays for a change of
 * flights or bags: the reservation owner's, not a certificate, and a gift
 * card must hold the price (a negative price, a refund, always passes).
 */
export function checkChangePayment(
  state: WorkingState,
  reservation: AirlineReservation,
  paymentId: string,
  price: number,
): ToolFailure | undefined {
  const owner = readUser(state, reservation.user_id);
  const method = owner === undefined ? undefined : ownEntry(owner.payment_methods, paymentId);
  if (method === undefined)
    return toolError('payment_method_not_found', 'payment method not found');
  if (method.source === 'certificate') {
    return toolError('certificate_not_allowed', 'certificate cannot be used to update reservation');
  }
  if (method.source === 'gift_card' && balanceOf(method) < price) {
    return toolError('not_enough_balance', 'gift card balance is not enough');
  }
  return undefined;
}

/** A gift card pays the price at once (or takes a negative one back); other methods are not touched. */
export function chargeGiftCard(
  state: WorkingState,
  reservation: AirlineReservation,
  paymentId: string,
  price: number,
): void {
  const owner = readUser(state, reservation.user_id);
  if (ownEntry(owner?.payment_methods ?? {}, paymentId)?.source !== 'gift_card') return;
  state.update(AIRLINE_COLLECTIONS.users, reservation.user_id, (draft) => {
    const method = (draft as unknown as AirlineUser).payment_methods[paymentId];
    if (method !== undefined) method.amount = balanceOf(method) - price;
  });
}
