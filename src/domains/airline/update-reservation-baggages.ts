import { z } from 'zod';
import { defineTool, toolError } from '../../environment/index.js';
import { AIRLINE_COLLECTIONS, readReservation, reservationOwner } from './airline-records.js';
import type { AirlineReservation } from './airline-records.js';
import { chargeGiftCard, checkChangePayment } from './payment-for-change.js';
import { PaymentIdArgument, ReservationIdArgument } from './tool-arguments.js';

const NONFREE_BAG_PRICE = 50;

/**
 * Sets the bag counts as given and charges 50 per added non-free bag
 * (nothing back for fewer), as tau-bench does; a charge of 0 leaves the
 * payment history alone.
 */
export const updateReservationBaggages = defineTool({
  name: 'update_reservation_baggages',
  description: 'Update the baggage information of a reservation.',
  input: z.strictObject({
    reservation_id: ReservationIdArgument,
    total_baggages: z
      .number()
      .int()
      .describe('The updated total number of baggage items included in the reservation.'),
    nonfree_baggages: z
      .number()
      .int()
      .describe('The updated number of non-free baggage items included in the reservation.'),
    payment_id: PaymentIdArgument,
  }),
  effect: 'irreversible',
  scope: ({ reservation_id }, state) => reservationOwner(state, reservation_id),
  run: ({ reservation_id, total_baggages, nonfree_baggages, payment_id }, { state }) => {
    const reservation = readReservation(state, reservation_id);
    if (reservation === undefined) {
      return toolError('reservation_not_found', 'reservation not found');
    }
    const price = NONFREE_BAG_PRICE * Math.max(0, nonfree_baggages - reservation.nonfree_baggages);
    const refused = checkChangePayment(state, reservation, payment_id, price);
    if (refused !== undefined) return refused;
    chargeGiftCard(state, reservation, payment_id, price);
    return state.update(AIRLINE_COLLECTIONS.reservations, reservation_id, (draft) => {
      draft.total_baggages = total_baggages;
      draft.nonfree_baggages = nonfree_baggages;
      if (price !== 0) {
        (draft as unknown as AirlineReservation).payment_history.push({
          payment_id,
          amount: price,
        });
      }
    });
  },
});
