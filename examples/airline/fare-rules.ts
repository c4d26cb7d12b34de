import type { FareType, Flight, Reservation } from './airline-records.js';

/** What each fare type allows (policy.md). */
export const FARE_RULES: Readonly<
  Record<FareType, { changes_allowed: boolean; refundable: boolean; summary: string }>
> = {
  basic: {
    changes_allowed: false,
    refundable: false,
    summary: 'Basic economy: no flight changes; non-refundable.',
  },
  standard: {
    changes_allowed: true,
    refundable: false,
    summary: 'Standard: flight changes allowed for the fare difference; non-refundable.',
  },
  flex: {
    changes_allowed: true,
    refundable: true,
    summary: 'Flex: flight changes allowed for the fare difference; fully refundable.',
  },
};

/** Any reservation cancelled within this many hours of booking is refunded in full. */
export const FREE_CANCELLATION_HOURS = 24;

const HOUR_MS = 60 * 60 * 1000;

export function hasDeparted(flight: Flight, now: Date): boolean {
  return flight.status === 'departed' || Date.parse(flight.departs_at) <= now.getTime();
}

export type RefundEligibility =
  | { readonly refundable: true; readonly reason: 'refundable_fare' | 'within_24_hours_of_booking' }
  | { readonly refundable: false; readonly reason: 'non_refundable_fare' };

/** Whether the payments of a (cancelled) reservation may be refunded now. */
export function refundEligibility(reservation: Reservation, now: Date): RefundEligibility {
  if (FARE_RULES[reservation.fare_type].refundable) {
    return { refundable: true, reason: 'refundable_fare' };
  }
  const hoursSinceBooking = (now.getTime() - Date.parse(reservation.booked_at)) / HOUR_MS;
  if (hoursSinceBooking <= FREE_CANCELLATION_HOURS) {
    return { refundable: true, reason: 'within_24_hours_of_booking' };
  }
  return { refundable: false, reason: 'non_refundable_fare' };
}

export interface FlightChangeInput {
  readonly reservationId: string;
  readonly reservation: Reservation;
  readonly currentFlight: Flight | undefined;
  readonly newFlightId: string;
  readonly newFlight: Flight | undefined;
  readonly now: Date;
}

export type FlightChangeCheck =
  | { readonly ok: true; readonly newFareUsd: number; readonly differenceUsd: number }
  | {
      readonly ok: false;
      readonly code: string;
      readonly message: string;
      readonly details: Readonly<Record<string, string>>;
    };

/** Whether a reservation may move to a flight (policy.md, "Changing flights"), and at what price. */
export function checkFlightChange(input: FlightChangeInput): FlightChangeCheck {
  const { reservationId: id, reservation, currentFlight, newFlightId, newFlight, now } = input;
  const refuse = (code: string, message: string, details: Record<string, string> = { id }) =>
    ({ ok: false, code, message, details }) as const;
  const rules = FARE_RULES[reservation.fare_type];
  if (reservation.status !== 'confirmed') {
    return refuse('reservation_not_active', `Reservation ${id} is ${reservation.status}.`);
  }
  if (!rules.changes_allowed) {
    return refuse(
      'change_not_allowed',
      `Reservation ${id} is a ${reservation.fare_type} fare: ${rules.summary}`,
      { id, fare_type: reservation.fare_type },
    );
  }
  if (currentFlight !== undefined && hasDeparted(currentFlight, now)) {
    return refuse('already_departed', `Flight ${reservation.flight} has already departed.`);
  }
  if (newFlight === undefined) {
    return refuse('flight_not_found', `There is no flight "${newFlightId}". Use search_flights.`, {
      flight: newFlightId,
    });
  }
  if (newFlightId === reservation.flight) {
    return refuse('same_flight', `Reservation ${id} is already on ${newFlightId}.`);
  }
  if (newFlight.origin !== reservation.origin || newFlight.dest !== reservation.dest) {
    return refuse(
      'different_route',
      `${newFlightId} flies ${newFlight.origin}-${newFlight.dest}; reservation ${id} is ${reservation.origin}-${reservation.dest}.`,
      { id, flight: newFlightId },
    );
  }
  if (newFlight.status !== 'scheduled' || hasDeparted(newFlight, now)) {
    return refuse('flight_not_available', `Flight ${newFlightId} is ${newFlight.status}.`, {
      flight: newFlightId,
    });
  }
  const newFareUsd = newFlight.fares_usd[reservation.cabin];
  const seats = newFlight.seats_available[reservation.cabin] ?? 0;
  if (newFareUsd === undefined || seats <= 0) {
    return refuse('no_seats', `Flight ${newFlightId} has no ${reservation.cabin} seats left.`, {
      flight: newFlightId,
      cabin: reservation.cabin,
    });
  }
  return { ok: true, newFareUsd, differenceUsd: newFareUsd - reservation.fare_usd };
}
