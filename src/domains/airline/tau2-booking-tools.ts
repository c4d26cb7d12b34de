import { z } from 'zod';
import type { JsonObject } from '../../core/index.js';
import { defineTool, isToolFailure, toolError } from '../../environment/index.js';
import type { ToolFailure } from '../../environment/index.js';
import type { WorkingState } from '../../state/index.js';
import { pythonStringRepr } from '../taubench/index.js';
import {
  AIRLINE_COLLECTIONS,
  balanceOf,
  ownEntry,
  readReservation,
  reservationOwner,
} from './airline-records.js';
import type {
  AirlineFlightDate,
  AirlineReservation,
  AirlineReservationFlight,
  AirlineUser,
} from './airline-records.js';
import { chargeGiftCard } from './payment-for-change.js';
import {
  bookableLeg,
  checkTau2ChangePayment,
  reservationNotFound,
  tau2Passenger,
  tau2User,
} from './tau2-airline-lookups.js';
import {
  Tau2CabinArgument,
  Tau2PassengersArgument,
  Tau2PaymentIdArgument,
  Tau2PaymentsArgument,
  Tau2ReservationIdArgument,
  tau2FlightsArgument,
} from './tau2-tool-arguments.js';

// tau2's airline tools that book and rebook (tau2-bench, MIT, Sierra), where
// they differ from tau-bench v1: errors are tau2's, a fourth booking fails
// instead of overwriting the third, a booking takes its seats from the
// flights data, a rebooking records the new cabin, and records hold the
// fields of tau2's models (a reservation's `status` is null until cancelled).

/** tau2 books at most three reservations per task, under these ids. */
const NEW_RESERVATION_IDS = ['HATHAT', 'HATHAU', 'HATHAV'] as const;
/** tau2's `_get_datetime()`. */
const CREATED_AT = '2024-05-15T15:00:00';
const INSURANCE_PER_PASSENGER = 30;
const NONFREE_BAG_PRICE = 50;

const BookInput = z.strictObject({
  user_id: z
    .string()
    .describe("The ID of the user to book the reservation such as 'sara_doe_496'`."),
  origin: z.string().describe("The IATA code for the origin city such as 'SFO'."),
  destination: z.string().describe("The IATA code for the destination city such as 'JFK'."),
  flight_type: z
    .enum(['round_trip', 'one_way'])
    .describe("The type of flight such as 'one_way' or 'round_trip'."),
  cabin: Tau2CabinArgument.describe(
    "The cabin class such as 'basic_economy', 'economy', or 'business'.",
  ),
  flights: tau2FlightsArgument(
    'An array of objects containing details about each piece of flight.',
  ),
  passengers: Tau2PassengersArgument,
  payment_methods: Tau2PaymentsArgument,
  total_baggages: z
    .number()
    .int()
    .describe('The total number of baggage items to book the reservation.'),
  nonfree_baggages: z
    .number()
    .int()
    .describe('The number of non-free baggage items to book the reservation.'),
  insurance: z.enum(['yes', 'no']).describe('Whether the reservation has insurance.'),
});
type BookArgs = z.output<typeof BookInput>;

interface PricedLegs {
  readonly legs: AirlineReservationFlight[];
  readonly total: number;
}

/** The legs priced from the flights data, or tau2's error for the first leg that fails. */
function priceBooking(state: WorkingState, args: BookArgs): PricedLegs | ToolFailure {
  const legs: AirlineReservationFlight[] = [];
  let total = 0;
  for (const requested of args.flights) {
    const leg = bookableLeg(state, requested, args.cabin, args.passengers.length);
    if (isToolFailure(leg)) return leg;
    legs.push({
      origin: leg.flight.origin,
      destination: leg.flight.destination,
      flight_number: requested.flight_number,
      date: requested.date,
      price: leg.price,
    });
    total += leg.price * args.passengers.length;
  }
  return { legs, total };
}

/** Each method checked on its own (one listed twice is checked twice against its whole balance), then the sum. */
function checkPayments(user: AirlineUser, args: BookArgs, total: number): ToolFailure | undefined {
  for (const { payment_id, amount } of args.payment_methods) {
    const method = ownEntry(user.payment_methods, payment_id);
    if (method === undefined) {
      return toolError('payment_method_not_found', `Payment method ${payment_id} not found`);
    }
    if (
      (method.source === 'gift_card' || method.source === 'certificate') &&
      balanceOf(method) < amount
    ) {
      return toolError('not_enough_balance', `Not enough balance in payment method ${payment_id}`);
    }
  }
  // Integers only (tau2's Payment.amount is an int), so the sum is exact.
  const paid = args.payment_methods.reduce((sum, payment) => sum + payment.amount, 0);
  if (paid !== total) {
    return toolError(
      'payment_mismatch',
      `Payment amount does not add up, total price is ${total}, but paid ${paid}`,
    );
  }
  return undefined;
}

/**
 * Takes the payments as tau2 does: a gift card loses the amount, a
 * certificate is used up. A certificate listed twice is gone at its second
 * use: tau2 then fails with a KeyError, the earlier payments taken.
 */
function takePayments(
  state: WorkingState,
  userId: string,
  args: BookArgs,
): ToolFailure | undefined {
  let missing: string | undefined;
  state.update(AIRLINE_COLLECTIONS.users, userId, (draft) => {
    const methods = (draft as unknown as AirlineUser).payment_methods;
    for (const { payment_id, amount } of args.payment_methods) {
      const method = ownEntry(methods, payment_id);
      if (method === undefined) {
        missing = payment_id;
        return;
      }
      if (method.source === 'gift_card') method.amount = balanceOf(method) - amount;
      else if (method.source === 'certificate') delete methods[payment_id];
    }
  });
  return missing === undefined ? undefined : toolError('python_error', pythonStringRepr(missing));
}

/** Takes the booked seats from each leg's day (a flight listed twice, twice). */
function takeSeats(state: WorkingState, legs: readonly AirlineReservationFlight[], args: BookArgs) {
  for (const leg of legs) {
    state.update(AIRLINE_COLLECTIONS.flights, leg.flight_number, (draft) => {
      const day = (draft.dates as Record<string, AirlineFlightDate>)[leg.date];
      const seats = day?.available_seats;
      if (seats !== undefined) seats[args.cabin] -= args.passengers.length;
    });
  }
}

export const tau2BookReservation = defineTool({
  name: 'book_reservation',
  description: 'Book a reservation.',
  input: BookInput,
  effect: 'irreversible',
  scope: ({ user_id }) => user_id,
  run: (args, { state }) => {
    const user = tau2User(state, args.user_id);
    if (isToolFailure(user)) return user;
    const reservationId = NEW_RESERVATION_IDS.find(
      (id) => !state.has(AIRLINE_COLLECTIONS.reservations, id),
    );
    if (reservationId === undefined) {
      return toolError('too_many_reservations', 'Too many reservations');
    }
    const priced = priceBooking(state, args);
    if (isToolFailure(priced)) return priced;
    let total = priced.total;
    if (args.insurance === 'yes') total += INSURANCE_PER_PASSENGER * args.passengers.length;
    total += NONFREE_BAG_PRICE * args.nonfree_baggages;
    const refused = checkPayments(user, args, total) ?? takePayments(state, args.user_id, args);
    if (refused !== undefined) return refused;

    takeSeats(state, priced.legs, args);
    const reservation: JsonObject = {
      reservation_id: reservationId,
      user_id: args.user_id,
      origin: args.origin,
      destination: args.destination,
      flight_type: args.flight_type,
      cabin: args.cabin,
      flights: priced.legs as unknown as JsonObject[],
      passengers: args.passengers.map(tau2Passenger),
      payment_history: args.payment_methods.map(({ payment_id, amount }) => ({
        payment_id,
        amount,
      })),
      created_at: CREATED_AT,
      total_baggages: args.total_baggages,
      nonfree_baggages: args.nonfree_baggages,
      insurance: args.insurance,
      status: null,
    };
    state.put(AIRLINE_COLLECTIONS.reservations, reservationId, reservation);
    state.update(AIRLINE_COLLECTIONS.users, args.user_id, (draft) => {
      (draft as unknown as AirlineUser).reservations.push(reservationId);
    });
    return state.get(AIRLINE_COLLECTIONS.reservations, reservationId) ?? reservation;
  },
});

/**
 * The new legs with their prices, as tau2 prices them: a leg the
 * reservation has (same number and day) keeps its old record and price when
 * the cabin is the reservation's; any other is priced from the flights data
 * in the new cabin. The price is the new legs' total less the old ones'.
 */
function priceRebooking(
  state: WorkingState,
  reservation: AirlineReservation,
  cabin: string,
  flights: readonly { readonly flight_number: string; readonly date: string }[],
): { legs: AirlineReservationFlight[]; price: number } | ToolFailure {
  const passengers = reservation.passengers.length;
  const legs: AirlineReservationFlight[] = [];
  let price = 0;
  for (const requested of flights) {
    const kept = reservation.flights.find(
      (old) =>
        old.flight_number === requested.flight_number &&
        old.date === requested.date &&
        cabin === reservation.cabin,
    );
    if (kept !== undefined) {
      price += kept.price * passengers;
      legs.push(kept);
      continue;
    }
    const leg = bookableLeg(state, requested, cabin, passengers);
    if (isToolFailure(leg)) return leg;
    legs.push({
      flight_number: requested.flight_number,
      date: requested.date,
      price: leg.price,
      origin: leg.flight.origin,
      destination: leg.flight.destination,
    });
    price += leg.price * passengers;
  }
  price -= reservation.flights.reduce((sum, old) => sum + old.price, 0) * passengers;
  return { legs, price };
}

export const tau2UpdateReservationFlights = defineTool({
  name: 'update_reservation_flights',
  description: 'Update the flight information of a reservation.',
  input: z.strictObject({
    reservation_id: Tau2ReservationIdArgument,
    cabin: Tau2CabinArgument.describe('The cabin class of the reservation'),
    flights: tau2FlightsArgument(
      'An array of objects containing details about each piece of flight in the ENTIRE new reservation. Even if the a flight segment is not changed, it should still be included in the array.',
    ),
    payment_id: Tau2PaymentIdArgument,
  }),
  effect: 'irreversible',
  scope: ({ reservation_id }, state) => reservationOwner(state, reservation_id),
  run: ({ reservation_id, cabin, flights, payment_id }, { state }) => {
    const reservation = readReservation(state, reservation_id);
    if (reservation === undefined) return reservationNotFound(reservation_id);
    const user = tau2User(state, reservation.user_id);
    if (isToolFailure(user)) return user;
    const priced = priceRebooking(state, reservation, cabin, flights);
    if (isToolFailure(priced)) return priced;
    const refused = checkTau2ChangePayment(state, reservation, payment_id, priced.price);
    if (refused !== undefined) return refused;
    chargeGiftCard(state, reservation, payment_id, priced.price);
    return state.update(AIRLINE_COLLECTIONS.reservations, reservation_id, (draft) => {
      if (priced.price !== 0) {
        (draft as unknown as AirlineReservation).payment_history.push({
          payment_id,
          amount: priced.price,
        });
      }
      draft.flights = structuredClone(priced.legs) as unknown as JsonObject[];
      draft.cabin = cabin;
    });
  },
});
