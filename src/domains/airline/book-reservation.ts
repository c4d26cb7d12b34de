import { z } from 'zod';
import type { JsonObject } from '../../core/index.js';
import { defineTool, toolError } from '../../environment/index.js';
import type { ToolOutput } from '../../environment/index.js';
import type { WorkingState } from '../../state/index.js';
import { pythonNumberText, pythonStringRepr } from '../taubench/index.js';
import {
  AIRLINE_COLLECTIONS,
  balanceOf,
  cabinOnDay,
  ownEntry,
  readFlight,
  readUser,
} from './airline-records.js';
import type { AirlinePaymentMethod, AirlineUser } from './airline-records.js';
import { CabinArgument, PassengersArgument, flightsArgument, shownEnum } from './tool-arguments.js';

// Descriptions are tau-bench's (MIT, Sierra).

/** tau-bench books at most three reservations per task, under these ids, the last one reused. */
const NEW_RESERVATION_IDS = ['HATHAT', 'HATHAU', 'HATHAV'] as const;
/** tau-bench's fixed booking time. */
const CREATED_AT = '2024-05-15T15:00:00';
const INSURANCE_PER_PASSENGER = 30;
const NONFREE_BAG_PRICE = 50;

const BookInput = z.strictObject({
  user_id: z
    .string()
    .describe("The ID of the user to book the reservation, such as 'sara_doe_496'."),
  origin: z.string().describe("The IATA code for the origin city, such as 'SFO'."),
  destination: z.string().describe("The IATA code for the destination city, such as 'JFK'."),
  flight_type: shownEnum(['one_way', 'round_trip']),
  cabin: CabinArgument,
  flights: flightsArgument('An array of objects containing details about each piece of flight.'),
  passengers: PassengersArgument,
  payment_methods: z
    .array(
      z.looseObject({
        payment_id: z
          .string()
          .describe(
            "The payment id stored in user profile, such as 'credit_card_7815826', 'gift_card_7815826', 'certificate_7815826'.",
          ),
        amount: z.number().describe('The amount to be paid.'),
      }),
    )
    .describe('An array of objects containing details about each payment method.'),
  total_baggages: z
    .number()
    .int()
    .describe('The total number of baggage items included in the reservation.'),
  nonfree_baggages: z
    .number()
    .int()
    .describe('The number of non-free baggage items included in the reservation.'),
  insurance: shownEnum(['yes', 'no']),
});
type BookArgs = z.output<typeof BookInput>;

function newReservationId(state: WorkingState): string {
  const free = NEW_RESERVATION_IDS.find((id) => !state.has(AIRLINE_COLLECTIONS.reservations, id));
  return free ?? NEW_RESERVATION_IDS[NEW_RESERVATION_IDS.length - 1]!;
}

/** The legs priced from the flights data, or tau-bench's error for the first leg that fails. */
function priceLegs(
  state: WorkingState,
  args: BookArgs,
): { legs: JsonObject[]; total: number } | { code: string; message: string } {
  const { cabin } = args;
  const legs: JsonObject[] = [];
  let total = 0;
  for (const requested of args.flights) {
    const flightNumber = requested.flight_number;
    const flight = readFlight(state, flightNumber);
    if (flight === undefined) {
      return { code: 'flight_not_found', message: `flight ${flightNumber} not found` };
    }
    const day = ownEntry(flight.dates, requested.date);
    if (day === undefined) {
      return {
        code: 'flight_not_found',
        message: `flight ${flightNumber} not found on date ${requested.date}`,
      };
    }
    if (
      day.status !== 'available' ||
      day.available_seats === undefined ||
      day.prices === undefined
    ) {
      return {
        code: 'flight_not_available',
        message: `flight ${flightNumber} not available on date ${requested.date}`,
      };
    }
    const inCabin = cabinOnDay(day, cabin);
    if ('missing' in inCabin) return { code: 'python_error', message: pythonStringRepr(cabin) };
    if (inCabin.seats < args.passengers.length) {
      return { code: 'not_enough_seats', message: `not enough seats on flight ${flightNumber}` };
    }
    const { price } = inCabin;
    legs.push({
      ...(structuredClone(requested) as JsonObject),
      price,
      origin: flight.origin,
      destination: flight.destination,
    });
    total += price * args.passengers.length;
  }
  return { legs, total };
}

/** Checks each method on its own (a card listed twice is checked twice against its whole balance). */
function checkPayments(
  user: AirlineUser,
  args: BookArgs,
  totalPrice: number,
): ToolOutput | undefined {
  for (const { payment_id, amount } of args.payment_methods) {
    const method = ownEntry(user.payment_methods, payment_id);
    if (method === undefined) {
      return toolError('payment_method_not_found', `payment method ${payment_id} not found`);
    }
    if (
      (method.source === 'gift_card' || method.source === 'certificate') &&
      balanceOf(method) < amount
    ) {
      return toolError('not_enough_balance', `not enough balance in payment method ${payment_id}`);
    }
  }
  // Python's sum(): left to right from 0, as Python 3.11 adds floats.
  const paid = args.payment_methods.reduce((sum, payment) => sum + payment.amount, 0);
  if (paid !== totalPrice) {
    return toolError(
      'payment_mismatch',
      `payment amount does not add up, total price is ${pythonNumberText(totalPrice)}, but paid ${pythonNumberText(paid)}`,
    );
  }
  return undefined;
}

/**
 * Takes the payments, as tau-bench does: gift cards lose the amount,
 * certificates are used up whatever the amount. A certificate listed twice
 * is gone at its second use: tau-bench then fails with a KeyError after the
 * earlier payments were taken, and so does this.
 */
function takePayments(state: WorkingState, userId: string, args: BookArgs): string | undefined {
  let missing: string | undefined;
  state.update(AIRLINE_COLLECTIONS.users, userId, (draft) => {
    const methods = (draft as unknown as AirlineUser).payment_methods;
    for (const { payment_id, amount } of args.payment_methods) {
      const method: AirlinePaymentMethod | undefined = ownEntry(methods, payment_id);
      if (method === undefined) {
        missing = payment_id;
        return;
      }
      if (method.source === 'gift_card') method.amount = balanceOf(method) - amount;
      else if (method.source === 'certificate') delete methods[payment_id];
    }
  });
  return missing;
}

export const bookReservation = defineTool({
  name: 'book_reservation',
  description: 'Book a reservation.',
  input: BookInput,
  effect: 'irreversible',
  scope: ({ user_id }) => user_id,
  run: (args, { state }) => {
    const user = readUser(state, args.user_id);
    if (user === undefined) return toolError('user_not_found', 'user not found');
    const reservationId = newReservationId(state);
    const priced = priceLegs(state, args);
    if ('code' in priced) return toolError(priced.code, priced.message);
    let totalPrice = priced.total;
    if (args.insurance === 'yes') totalPrice += INSURANCE_PER_PASSENGER * args.passengers.length;
    totalPrice += NONFREE_BAG_PRICE * args.nonfree_baggages;
    const refused = checkPayments(user, args, totalPrice);
    if (refused !== undefined) return refused;

    const missing = takePayments(state, args.user_id, args);
    if (missing !== undefined) return toolError('python_error', pythonStringRepr(missing));
    const reservation: JsonObject = {
      reservation_id: reservationId,
      user_id: args.user_id,
      origin: args.origin,
      destination: args.destination,
      flight_type: args.flight_type,
      cabin: args.cabin,
      flights: priced.legs,
      passengers: args.passengers as JsonObject[],
      payment_history: args.payment_methods as JsonObject[],
      created_at: CREATED_AT,
      total_baggages: args.total_baggages,
      nonfree_baggages: args.nonfree_baggages,
      insurance: args.insurance,
    };
    // With all three ids taken, tau-bench overwrites the third.
    state.put(AIRLINE_COLLECTIONS.reservations, reservationId, reservation);
    state.update(AIRLINE_COLLECTIONS.users, args.user_id, (draft) => {
      (draft as unknown as AirlineUser).reservations.push(reservationId);
    });
    return state.get(AIRLINE_COLLECTIONS.reservations, reservationId) ?? reservation;
  },
});
