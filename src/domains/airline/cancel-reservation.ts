import { z } from 'zod';
import { defineTool, toolError } from '../../environment/index.js';
import { AIRLINE_COLLECTIONS, readReservation, reservationOwner } from './airline-records.js';
import type { AirlinePayment, AirlineReservation } from './airline-records.js';
import { ReservationIdArgument } from './tool-arguments.js';

/**
 * Cancels a whole reservation as tau-bench does: every entry of the payment
 * history gets its negative appended (no money moves, a gift card is not
 * credited) and the status becomes `cancelled`. Nothing is checked: a
 * cancelled reservation cancels again, refunding the refunds too.
 */
export const cancelReservation = defineTool({
  name: 'cancel_reservation',
  description: 'Cancel the whole reservation.',
  input: z.strictObject({ reservation_id: ReservationIdArgument }),
  effect: 'irreversible',
  scope: ({ reservation_id }, state) => reservationOwner(state, reservation_id),
  run: ({ reservation_id }, { state }) => {
    const reservation = readReservation(state, reservation_id);
    if (reservation === undefined) {
      return toolError('reservation_not_found', 'reservation not found');
    }
    const refunds: AirlinePayment[] = reservation.payment_history.map((payment) => ({
      payment_id: payment.payment_id,
      amount: -payment.amount,
    }));
    return state.update(AIRLINE_COLLECTIONS.reservations, reservation_id, (draft) => {
      (draft as unknown as AirlineReservation).payment_history.push(...refunds);
      draft.status = 'cancelled';
    });
  },
});
