import { z } from 'zod';
import { defineTool, isToolFailure, toolError } from '../../environment/index.js';
import { AIRLINE_COLLECTIONS, readReservation, reservationOwner } from './airline-records.js';
import type { AirlinePayment, AirlineReservation } from './airline-records.js';
import { cancelReservation } from './cancel-reservation.js';
import { chargeGiftCard } from './payment-for-change.js';
import {
  checkTau2ChangePayment,
  reservationNotFound,
  tau2Passenger,
  tau2User,
} from './tau2-airline-lookups.js';
import {
  Tau2PassengersArgument,
  Tau2PaymentIdArgument,
  Tau2ReservationIdArgument,
} from './tau2-tool-arguments.js';

// tau2's airline tools that change a reservation in place (tau2-bench, MIT,
// Sierra). Their behaviour is v1's; the errors are tau2's and passengers
// keep only the fields of tau2's Passenger model.

const NONFREE_BAG_PRICE = 50;

/** v1's cancellation (negated payments, status `cancelled`, no seats back) with tau2's error. */
export const tau2CancelReservation = defineTool({
  ...cancelReservation,
  input: z.strictObject({
    reservation_id: z.string().describe("The reservation ID, such as 'ZFA04Y'."),
  }),
  run: ({ reservation_id }, { state }) => {
    const reservation = readReservation(state, reservation_id);
    if (reservation === undefined) return reservationNotFound(reservation_id);
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

export const tau2UpdateReservationBaggages = defineTool({
  name: 'update_reservation_baggages',
  description: 'Update the baggage information of a reservation.',
  input: z.strictObject({
    reservation_id: z.string().describe("The reservation ID, such as 'ZFA04Y'"),
    total_baggages: z
      .number()
      .int()
      .describe('The updated total number of baggage items included in the reservation.'),
    nonfree_baggages: z
      .number()
      .int()
      .describe('The updated number of non-free baggage items included in the reservation.'),
    payment_id: Tau2PaymentIdArgument,
  }),
  effect: 'irreversible',
  scope: ({ reservation_id }, state) => reservationOwner(state, reservation_id),
  run: ({ reservation_id, total_baggages, nonfree_baggages, payment_id }, { state }) => {
    const reservation = readReservation(state, reservation_id);
    if (reservation === undefined) return reservationNotFound(reservation_id);
    const user = tau2User(state, reservation.user_id);
    if (isToolFailure(user)) return user;
    const price = NONFREE_BAG_PRICE * Math.max(0, nonfree_baggages - reservation.nonfree_baggages);
    const refused = checkTau2ChangePayment(state, reservation, payment_id, price);
    if (refused !== undefined) return refused;
    chargeGiftCard(state, reservation, payment_id, price);
    return state.update(AIRLINE_COLLECTIONS.reservations, reservation_id, (draft) => {
      if (price !== 0) {
        (draft as unknown as AirlineReservation).payment_history.push({
          payment_id,
          amount: price,
        });
      }
      draft.total_baggages = total_baggages;
      draft.nonfree_baggages = nonfree_baggages;
    });
  },
});

export const tau2UpdateReservationPassengers = defineTool({
  name: 'update_reservation_passengers',
  description: 'Update the passenger information of a reservation.',
  input: z.strictObject({
    reservation_id: Tau2ReservationIdArgument,
    passengers: Tau2PassengersArgument,
  }),
  effect: 'write',
  scope: ({ reservation_id }, state) => reservationOwner(state, reservation_id),
  run: ({ reservation_id, passengers }, { state }) => {
    const reservation = readReservation(state, reservation_id);
    if (reservation === undefined) return reservationNotFound(reservation_id);
    if (passengers.length !== reservation.passengers.length) {
      return toolError('passenger_count_mismatch', 'Number of passengers does not match');
    }
    return state.update(AIRLINE_COLLECTIONS.reservations, reservation_id, (draft) => {
      draft.passengers = passengers.map(tau2Passenger);
    });
  },
});
