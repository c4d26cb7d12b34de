import { z } from 'endstate';
import type { WorkingState } from 'endstate';

/**
 * The shapes of the airline fixture's records. Tools read records through
 * these schemas, so a malformed fixture fails loudly (an environment bug).
 */

export const CabinSchema = z.enum(['economy', 'premium_economy', 'business']);

const Usd = z.number().int();

export const FlightSchema = z.object({
  airline: z.string(),
  origin: z.string(),
  dest: z.string(),
  /** Local departure date, YYYY-MM-DD. */
  date: z.string(),
  departs_at: z.string(),
  arrives_at: z.string(),
  status: z.enum(['scheduled', 'departed', 'cancelled']),
  fares_usd: z.partialRecord(CabinSchema, Usd),
  seats_available: z.partialRecord(CabinSchema, z.number().int().nonnegative()),
});
export type Flight = z.infer<typeof FlightSchema>;

export const FareTypeSchema = z.enum(['basic', 'standard', 'flex']);
export type FareType = z.infer<typeof FareTypeSchema>;

export const ReservationSchema = z.object({
  passenger_name: z.string(),
  email: z.string(),
  flight: z.string(),
  origin: z.string(),
  dest: z.string(),
  cabin: CabinSchema,
  fare_type: FareTypeSchema,
  /** The fare of the current flight in the reserved cabin, as paid. */
  fare_usd: Usd,
  status: z.enum(['confirmed', 'cancelled']),
  booked_at: z.string(),
});
export type Reservation = z.infer<typeof ReservationSchema>;

export const PaymentSchema = z.object({
  reservation_id: z.string(),
  amount_usd: Usd,
  kind: z.enum(['ticket', 'seat_selection', 'fare_difference']),
  method: z.string(),
  status: z.enum(['captured', 'refunded']),
  created_at: z.string(),
});
export type Payment = z.infer<typeof PaymentSchema>;

/** The fixture's collections, for checking a fixture file as a whole. */
export const AirlineStateSchema = z.object({
  flights: z.record(z.string(), FlightSchema),
  reservations: z.record(z.string(), ReservationSchema),
  payments: z.record(z.string(), PaymentSchema),
});

export function readFlight(state: WorkingState, flightId: string): Flight | undefined {
  const record = state.get('flights', flightId);
  return record === undefined ? undefined : FlightSchema.parse(record);
}

export function readReservation(state: WorkingState, id: string): Reservation | undefined {
  const record = state.get('reservations', id);
  return record === undefined ? undefined : ReservationSchema.parse(record);
}

export function readPayment(state: WorkingState, paymentId: string): Payment | undefined {
  const record = state.get('payments', paymentId);
  return record === undefined ? undefined : PaymentSchema.parse(record);
}

/** Payments of one reservation, with their ids, oldest first. */
export function paymentsOf(
  state: WorkingState,
  reservationId: string,
): (Payment & { payment_id: string })[] {
  return state
    .entries('payments')
    .map(([paymentId, record]) => ({ payment_id: paymentId, ...PaymentSchema.parse(record) }))
    .filter((payment) => payment.reservation_id === reservationId);
}
