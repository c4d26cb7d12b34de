import { defineTool, toolError, z } from 'endstate';
import type { WorkingState } from 'endstate';
import type { Flight } from './airline-records.js';
import { paymentsOf, readFlight, readPayment, readReservation } from './airline-records.js';
import { FARE_RULES, checkFlightChange, hasDeparted, refundEligibility } from './fare-rules.js';

const ReservationId = z.string().min(1).describe('The booking reference, e.g. "R7K2".');

const FlightId = z.string().min(1).describe('The flight number, e.g. "AF125".');

const Airport = z
  .string()
  .regex(/^[A-Za-z]{3}$/, 'a three-letter IATA airport code')
  .describe('Three-letter IATA airport code, e.g. "JFK".');

function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}

function describeFlight(flightId: string, flight: Flight) {
  return {
    flight: flightId,
    airline: flight.airline,
    origin: flight.origin,
    dest: flight.dest,
    date: flight.date,
    departs_at: flight.departs_at,
    arrives_at: flight.arrives_at,
    status: flight.status,
    fares_usd: flight.fares_usd,
    seats_available: flight.seats_available,
  };
}

function reservationNotFound(id: string) {
  return toolError(
    'reservation_not_found',
    `There is no reservation "${id}". Check the booking reference with the passenger.`,
    { id },
  );
}

/** The payment method of the reservation's ticket, for charging a fare difference. */
function cardOnFile(state: WorkingState, reservationId: string): string {
  return paymentsOf(state, reservationId)[0]?.method ?? 'card on file';
}

export const getReservation = defineTool({
  name: 'get_reservation',
  description:
    'Look up a reservation by booking reference. Returns the passenger (name, email), status ' +
    '(confirmed or cancelled), route, flight (with departure and arrival times), cabin, fare type ' +
    'and the fare rules (whether changes are allowed and whether it is refundable), the fare paid ' +
    'in whole US dollars (fare_usd), when it was booked, and its payments (id, amount_usd, kind, ' +
    'status).',
  input: z.object({ id: ReservationId }),
  effect: 'read',
  run: ({ id }, { state }) => {
    const reservationId = normalizeCode(id);
    const reservation = readReservation(state, reservationId);
    if (reservation === undefined) return reservationNotFound(reservationId);
    const flight = readFlight(state, reservation.flight);
    return {
      id: reservationId,
      ...reservation,
      fare_rules: FARE_RULES[reservation.fare_type],
      flight_details: flight === undefined ? null : describeFlight(reservation.flight, flight),
      payments: paymentsOf(state, reservationId),
    };
  },
});

export const searchFlights = defineTool({
  name: 'search_flights',
  description:
    'List the flights from an origin to a destination airport on one date (the local departure ' +
    'date). Each flight has its number, airline, departure and arrival times (local, with UTC ' +
    'offset), status, fares per cabin in whole US dollars (fares_usd) and seats left per cabin ' +
    '(seats_available; 0 means sold out in that cabin). An empty `flights` list means there is no ' +
    'flight on that date.',
  input: z.object({
    origin: Airport,
    dest: Airport,
    date: z.iso.date().describe('Departure date, YYYY-MM-DD, e.g. "2026-10-09".'),
  }),
  effect: 'read',
  run: ({ origin, dest, date }, { state }) => {
    const from = normalizeCode(origin);
    const to = normalizeCode(dest);
    const flights = state.ids('flights').flatMap((flightId) => {
      const flight = readFlight(state, flightId);
      if (flight === undefined) return [];
      const isMatch = flight.origin === from && flight.dest === to && flight.date === date;
      return isMatch ? [describeFlight(flightId, flight)] : [];
    });
    if (flights.length === 0) {
      return {
        origin: from,
        dest: to,
        date,
        flights,
        note: `No flights from ${from} to ${to} on ${date}.`,
      };
    }
    return { origin: from, dest: to, date, flights };
  },
});

export const updateReservation = defineTool({
  name: 'update_reservation',
  description:
    'Move a confirmed reservation to another flight on the same route, keeping its cabin. ' +
    'IRREVERSIBLE: if the new fare in that cabin is higher than the fare paid, the difference is ' +
    'charged at once to the card on file as a new payment (a lower fare is not refunded). ' +
    'Refused for basic economy fares, departed or cancelled reservations, another route, a ' +
    "departed flight, or a cabin with no seats left. Get the passenger's explicit confirmation " +
    'of the flight and the fare difference first.',
  input: z.object({ id: ReservationId, flight: FlightId }),
  effect: 'irreversible',
  run: ({ id, flight: newFlightInput }, { state, clock }) => {
    const reservationId = normalizeCode(id);
    const newFlightId = normalizeCode(newFlightInput);
    const reservation = readReservation(state, reservationId);
    if (reservation === undefined) return reservationNotFound(reservationId);
    const check = checkFlightChange({
      reservationId,
      reservation,
      currentFlight: readFlight(state, reservation.flight),
      newFlightId,
      newFlight: readFlight(state, newFlightId),
      now: clock.now(),
    });
    if (!check.ok) return toolError(check.code, check.message, { ...check.details });
    const { newFareUsd: newFare, differenceUsd } = check;
    let paymentId: string | null = null;
    if (differenceUsd > 0) {
      paymentId = state.nextId('payments', 'PAY-');
      state.insert('payments', paymentId, {
        reservation_id: reservationId,
        amount_usd: differenceUsd,
        kind: 'fare_difference',
        method: cardOnFile(state, reservationId),
        status: 'captured',
        created_at: clock.iso,
      });
    }
    const previousFlight = reservation.flight;
    state.update('reservations', reservationId, (draft) => {
      draft.flight = newFlightId;
      draft.fare_usd = newFare;
    });
    return {
      id: reservationId,
      previous_flight: previousFlight,
      flight: newFlightId,
      cabin: reservation.cabin,
      fare_usd: newFare,
      fare_difference_usd: differenceUsd,
      charged_usd: Math.max(differenceUsd, 0),
      payment_id: paymentId,
    };
  },
});

export const cancelReservation = defineTool({
  name: 'cancel_reservation',
  description:
    'Cancel a confirmed reservation whose flight has not departed. IRREVERSIBLE. It does not ' +
    'refund anything by itself: the result says whether the payments are refundable and lists ' +
    "them; refund each with refund_payment (after asking the passenger). Get the passenger's " +
    'explicit confirmation first, and tell them beforehand if the fare is non-refundable.',
  input: z.object({ id: ReservationId }),
  effect: 'irreversible',
  run: ({ id }, { state, clock }) => {
    const reservationId = normalizeCode(id);
    const reservation = readReservation(state, reservationId);
    if (reservation === undefined) return reservationNotFound(reservationId);
    if (reservation.status !== 'confirmed') {
      return toolError(
        'reservation_not_active',
        `Reservation ${reservationId} is already ${reservation.status}.`,
        { id: reservationId },
      );
    }
    const flight = readFlight(state, reservation.flight);
    if (flight !== undefined && hasDeparted(flight, clock.now())) {
      return toolError('already_departed', `Flight ${reservation.flight} has already departed.`, {
        id: reservationId,
      });
    }
    state.update('reservations', reservationId, (draft) => {
      draft.status = 'cancelled';
    });
    const eligibility = refundEligibility(reservation, clock.now());
    const captured = paymentsOf(state, reservationId).filter((p) => p.status === 'captured');
    return {
      id: reservationId,
      status: 'cancelled',
      refundable: eligibility.refundable,
      refund_reason: eligibility.reason,
      payments: captured.map((p) => ({
        payment_id: p.payment_id,
        amount_usd: p.amount_usd,
        kind: p.kind,
      })),
    };
  },
});

export const refundPayment = defineTool({
  name: 'refund_payment',
  description:
    'Refund one payment of a CANCELLED reservation to the card it was paid with. IRREVERSIBLE. ' +
    'Allowed for flex (refundable) fares, and for any fare when the reservation was booked less ' +
    'than 24 hours ago; refused for non-refundable fares, payments already refunded and ' +
    "reservations that are not cancelled. Get the passenger's explicit confirmation first.",
  input: z.object({
    payment_id: z.string().min(1).describe('The payment id from get_reservation, e.g. "PAY-2".'),
  }),
  effect: 'irreversible',
  run: ({ payment_id }, { state, clock }) => {
    const paymentId = normalizeCode(payment_id);
    const payment = readPayment(state, paymentId);
    if (payment === undefined) {
      return toolError('payment_not_found', `There is no payment "${paymentId}".`, {
        payment_id: paymentId,
      });
    }
    if (payment.status !== 'captured') {
      return toolError('already_refunded', `Payment ${paymentId} was already refunded.`, {
        payment_id: paymentId,
      });
    }
    const reservation = readReservation(state, payment.reservation_id);
    if (reservation === undefined || reservation.status !== 'cancelled') {
      return toolError(
        'reservation_not_cancelled',
        `Payment ${paymentId} belongs to reservation ${payment.reservation_id}, which is not cancelled; cancel it first.`,
        { payment_id: paymentId, reservation_id: payment.reservation_id },
      );
    }
    const eligibility = refundEligibility(reservation, clock.now());
    if (!eligibility.refundable) {
      return toolError(
        'not_refundable',
        `Reservation ${payment.reservation_id} has a non-refundable ${reservation.fare_type} fare and was booked more than 24 hours ago.`,
        { payment_id: paymentId, reservation_id: payment.reservation_id },
      );
    }
    state.update('payments', paymentId, (draft) => {
      draft.status = 'refunded';
    });
    return {
      payment_id: paymentId,
      reservation_id: payment.reservation_id,
      amount_usd: payment.amount_usd,
      method: payment.method,
      status: 'refunded',
      reason: eligibility.reason,
    };
  },
});

export const airlineTools = [
  getReservation,
  searchFlights,
  updateReservation,
  cancelReservation,
  refundPayment,
];
