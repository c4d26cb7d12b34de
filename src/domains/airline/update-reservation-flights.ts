import { z } from 'zod';
import type { JsonObject } from '../../core/index.js';
import { defineTool, toolError } from '../../environment/index.js';
import type { ToolFailure } from '../../environment/index.js';
import type { WorkingState } from '../../state/index.js';
import { pythonStringRepr } from '../taubench/index.js';
import {
  AIRLINE_COLLECTIONS,
  cabinOnDay,
  ownEntry,
  readFlight,
  readReservation,
  reservationOwner,
} from './airline-records.js';
import type { AirlineReservation } from './airline-records.js';
import { chargeGiftCard, checkChangePayment } from './payment-for-change.js';
import {
  CabinArgument,
  PaymentIdArgument,
  ReservationIdArgument,
  flightsArgument,
} from './tool-arguments.js';

type RequestedFlight = { flight_number: string; date: string } & Record<string, unknown>;

/**
 * The new legs with their prices, as tau-bench prices them: a leg the
 * reservation already has (same number and day) keeps its old price when
 * the cabin is the reservation's; any other leg is priced from the flights
 * data in the requested cabin. The price is the new legs' total less the
 * old legs' total, times the passengers.
 */
function priceNewLegs(
  state: WorkingState,
  reservation: AirlineReservation,
  cabin: string,
  flights: readonly RequestedFlight[],
): { legs: JsonObject[]; price: number } | ToolFailure {
  const passengers = reservation.passengers.length;
  const legs: JsonObject[] = [];
  let price = 0;
  for (const requested of flights) {
    const leg = structuredClone(requested) as JsonObject;
    const kept = reservation.flights.find(
      (old) =>
        old.flight_number === requested.flight_number &&
        old.date === requested.date &&
        cabin === reservation.cabin,
    );
    if (kept !== undefined) {
      price += kept.price * passengers;
      legs.push(
        Object.assign(leg, {
          price: kept.price,
          origin: kept.origin,
          destination: kept.destination,
        }),
      );
      continue;
    }
    const flightNumber = requested.flight_number;
    const flight = readFlight(state, flightNumber);
    if (flight === undefined)
      return toolError('flight_not_found', `flight ${flightNumber} not found`);
    const day = ownEntry(flight.dates, requested.date);
    if (day === undefined) {
      return toolError(
        'flight_not_found',
        `flight ${flightNumber} not found on date ${requested.date}`,
      );
    }
    if (
      day.status !== 'available' ||
      day.available_seats === undefined ||
      day.prices === undefined
    ) {
      return toolError(
        'flight_not_available',
        `flight ${flightNumber} not available on date ${requested.date}`,
      );
    }
    const inCabin = cabinOnDay(day, cabin);
    if ('missing' in inCabin) return toolError('python_error', pythonStringRepr(cabin));
    if (inCabin.seats < passengers) {
      return toolError('not_enough_seats', `not enough seats on flight ${flightNumber}`);
    }
    const legPrice = inCabin.price;
    legs.push(
      Object.assign(leg, {
        price: legPrice,
        origin: flight.origin,
        destination: flight.destination,
      }),
    );
    price += legPrice * passengers;
  }
  // Python: sum(...) over the old legs, then times the passengers.
  const oldTotal = reservation.flights.reduce((sum, old) => sum + old.price, 0);
  price -= oldTotal * passengers;
  return { legs, price };
}

/**
 * Replaces the reservation's legs and charges (or refunds) the difference
 * to one payment method, as tau-bench does: the reservation keeps its
 * recorded cabin, seats are not taken from the flights data, and a
 * difference of 0 leaves the payment history alone.
 */
export const updateReservationFlights = defineTool({
  name: 'update_reservation_flights',
  description: 'Update the flight information of a reservation.',
  input: z.strictObject({
    reservation_id: ReservationIdArgument,
    cabin: CabinArgument,
    flights: flightsArgument(
      'An array of objects containing details about each piece of flight in the ENTIRE new reservation. Even if the a flight segment is not changed, it should still be included in the array.',
    ),
    payment_id: PaymentIdArgument,
  }),
  effect: 'irreversible',
  scope: ({ reservation_id }, state) => reservationOwner(state, reservation_id),
  run: ({ reservation_id, cabin, flights, payment_id }, { state }) => {
    const reservation = readReservation(state, reservation_id);
    if (reservation === undefined) {
      return toolError('reservation_not_found', 'reservation not found');
    }
    const priced = priceNewLegs(state, reservation, cabin, flights);
    if (!('legs' in priced)) return priced;
    const refused = checkChangePayment(state, reservation, payment_id, priced.price);
    if (refused !== undefined) return refused;
    chargeGiftCard(state, reservation, payment_id, priced.price);
    return state.update(AIRLINE_COLLECTIONS.reservations, reservation_id, (draft) => {
      draft.flights = priced.legs;
      if (priced.price !== 0) {
        (draft as unknown as AirlineReservation).payment_history.push({
          payment_id,
          amount: priced.price,
        });
      }
    });
  },
});
