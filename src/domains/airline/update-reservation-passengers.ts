import { z } from 'zod';
import type { JsonObject } from '../../core/index.js';
import { defineTool, toolError } from '../../environment/index.js';
import { AIRLINE_COLLECTIONS, readReservation, reservationOwner } from './airline-records.js';
import { PassengersArgument, ReservationIdArgument } from './tool-arguments.js';

/** Replaces the passengers as given, when their number stays the same. */
export const updateReservationPassengers = defineTool({
  name: 'update_reservation_passengers',
  description: 'Update the passenger information of a reservation.',
  input: z.strictObject({
    reservation_id: ReservationIdArgument,
    passengers: PassengersArgument,
  }),
  effect: 'write',
  scope: ({ reservation_id }, state) => reservationOwner(state, reservation_id),
  run: ({ reservation_id, passengers }, { state }) => {
    const reservation = readReservation(state, reservation_id);
    if (reservation === undefined) {
      return toolError('reservation_not_found', 'reservation not found');
    }
    if (passengers.length !== reservation.passengers.length) {
      return toolError('passenger_count_mismatch', 'number of passengers does not match');
    }
    return state.update(AIRLINE_COLLECTIONS.reservations, reservation_id, (draft) => {
      draft.passengers = passengers as JsonObject[];
    });
  },
});
