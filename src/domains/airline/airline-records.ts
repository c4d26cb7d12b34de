import { z } from 'zod';
import type { WorkingState } from '../../state/index.js';

/**
 * The shapes of tau-bench's airline records, as far as the tools rely on
 * them. `createAirlineEnvironment` checks the fixture against these once,
 * so the tools read records through plain casts afterwards.
 */

export const AIRLINE_COLLECTIONS = {
  flights: 'flights',
  reservations: 'reservations',
  users: 'users',
} as const;

export const CABINS = ['basic_economy', 'economy', 'business'] as const;
export type Cabin = (typeof CABINS)[number];

const perCabin = z.object({
  basic_economy: z.number(),
  economy: z.number(),
  business: z.number(),
});

/** One day of a flight: `available` days carry seats and prices, others times. */
export const AirlineFlightDateSchema = z
  .looseObject({
    status: z.string(),
    available_seats: perCabin.optional(),
    prices: perCabin.optional(),
  })
  .refine(
    (day) =>
      day.status !== 'available' || (day.available_seats !== undefined && day.prices !== undefined),
    { message: 'an available day needs available_seats and prices for every cabin' },
  );
export type AirlineFlightDate = z.infer<typeof AirlineFlightDateSchema>;

export const AirlineFlightSchema = z.looseObject({
  flight_number: z.string(),
  origin: z.string(),
  destination: z.string(),
  scheduled_departure_time_est: z.string(),
  scheduled_arrival_time_est: z.string(),
  dates: z.record(z.string(), AirlineFlightDateSchema),
});
export type AirlineFlight = z.infer<typeof AirlineFlightSchema>;

/** A leg of a reservation: what the agent passed, plus the price, origin and destination. */
export const AirlineReservationFlightSchema = z.looseObject({
  flight_number: z.string(),
  date: z.string(),
  price: z.number(),
  origin: z.string(),
  destination: z.string(),
});
export type AirlineReservationFlight = z.infer<typeof AirlineReservationFlightSchema>;

export const AirlinePaymentSchema = z.looseObject({ payment_id: z.string(), amount: z.number() });
export type AirlinePayment = z.infer<typeof AirlinePaymentSchema>;

export const AirlineReservationSchema = z.looseObject({
  reservation_id: z.string(),
  user_id: z.string(),
  cabin: z.string(),
  flights: z.array(AirlineReservationFlightSchema),
  passengers: z.array(z.looseObject({})),
  payment_history: z.array(AirlinePaymentSchema),
  nonfree_baggages: z.number(),
});
export type AirlineReservation = z.infer<typeof AirlineReservationSchema>;

export const AirlinePaymentMethodSchema = z
  .looseObject({ source: z.string(), id: z.string().optional(), amount: z.number().optional() })
  .refine(
    (method) =>
      !['gift_card', 'certificate'].includes(method.source) || typeof method.amount === 'number',
    { message: 'a gift card or certificate needs a numeric amount', path: ['amount'] },
  );
export type AirlinePaymentMethod = z.infer<typeof AirlinePaymentMethodSchema>;

export const AirlineUserSchema = z.looseObject({
  payment_methods: z.record(z.string(), AirlinePaymentMethodSchema),
  reservations: z.array(z.string()),
});
export type AirlineUser = z.infer<typeof AirlineUserSchema>;

// The casts below are sound for fixtures that passed checkAirlineFixture.

export function readUser(state: WorkingState, userId: string): AirlineUser | undefined {
  return state.get(AIRLINE_COLLECTIONS.users, userId) as AirlineUser | undefined;
}

export function readReservation(
  state: WorkingState,
  reservationId: string,
): AirlineReservation | undefined {
  return state.get(AIRLINE_COLLECTIONS.reservations, reservationId) as
    AirlineReservation | undefined;
}

export function readFlight(state: WorkingState, flightNumber: string): AirlineFlight | undefined {
  return state.get(AIRLINE_COLLECTIONS.flights, flightNumber) as AirlineFlight | undefined;
}

/** The owner of a reservation, for the tools' scope rule; undefined for an unknown one. */
export function reservationOwner(state: WorkingState, reservationId: string): string | undefined {
  return readReservation(state, reservationId)?.user_id;
}

/**
 * An own property only: ids come from the agent, and `dates.toString` or
 * `payment_methods.__proto__` must be "not found", as in a Python dict.
 */
export function ownEntry<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/**
 * A cabin's seats and price on an available day, or the cabin itself when
 * the day has no such cabin (tau-bench's KeyError, quoted by Python).
 */
export function cabinOnDay(
  day: AirlineFlightDate,
  cabin: string,
): { readonly seats: number; readonly price: number } | { readonly missing: string } {
  const seats = ownEntry<number>(day.available_seats ?? {}, cabin);
  const price = ownEntry<number>(day.prices ?? {}, cabin);
  return seats === undefined || price === undefined ? { missing: cabin } : { seats, price };
}

/** A gift card's or certificate's amount; checkAirlineFixture guarantees they have one. */
export function balanceOf(method: AirlinePaymentMethod): number {
  return method.amount ?? 0;
}
