import { toolError } from '../../environment/index.js';
import type { ToolFailure } from '../../environment/index.js';
import type { WorkingState } from '../../state/index.js';
import { pythonStringRepr } from '../taubench/index.js';
import { balanceOf, cabinOnDay, ownEntry, readFlight, readUser } from './airline-records.js';
import type {
  AirlineFlight,
  AirlineReservation,
  AirlineUser,
  AirlinePaymentMethod,
} from './airline-records.js';

// The look-ups of tau2's airline toolkit (tau2-bench, MIT, Sierra): each
// raises ValueError, which tau2's environment answers as `Error: <message>`,
// so the messages below are tau2's, capitalised and naming the id.

export const userNotFound = (userId: string) =>
  toolError('user_not_found', `User ${userId} not found`);

export const reservationNotFound = (reservationId: string) =>
  toolError('reservation_not_found', `Reservation ${reservationId} not found`);

/** tau2's `_get_user`. */
export function tau2User(state: WorkingState, userId: string): AirlineUser | ToolFailure {
  return readUser(state, userId) ?? userNotFound(userId);
}

/** A leg as tau2 checks it: the flight, its day, bookable with enough seats in the cabin. */
export interface BookableLeg {
  readonly flight: AirlineFlight;
  readonly price: number;
}

/**
 * tau2's checks of one new leg, in its order: `_get_flight`,
 * `_get_flight_instance`, an available day, then the cabin's seats (a day
 * without the cabin is Python's KeyError, quoted).
 */
export function bookableLeg(
  state: WorkingState,
  leg: { readonly flight_number: string; readonly date: string },
  cabin: string,
  passengers: number,
): BookableLeg | ToolFailure {
  const { flight_number: flightNumber, date } = leg;
  const flight = readFlight(state, flightNumber);
  if (flight === undefined)
    return toolError('flight_not_found', `Flight ${flightNumber} not found`);
  const day = ownEntry(flight.dates, date);
  if (day === undefined) {
    return toolError('flight_not_found', `Flight ${flightNumber} not found on date ${date}`);
  }
  if (day.status !== 'available') {
    return toolError(
      'flight_not_available',
      `Flight ${flightNumber} not available on date ${date}`,
    );
  }
  const inCabin = cabinOnDay(day, cabin);
  if ('missing' in inCabin) return toolError('python_error', pythonStringRepr(cabin));
  if (inCabin.seats < passengers) {
    return toolError('not_enough_seats', `Not enough seats on flight ${flightNumber}`);
  }
  return { flight, price: inCabin.price };
}

/**
 * tau2's `_payment_for_update`: the reservation owner's method, not a
 * certificate, and a gift card must hold the price (a refund, a negative
 * price, always passes).
 */
export function checkTau2ChangePayment(
  state: WorkingState,
  reservation: AirlineReservation,
  paymentId: string,
  price: number,
): ToolFailure | undefined {
  const owner = readUser(state, reservation.user_id);
  if (owner === undefined) return userNotFound(reservation.user_id);
  const method: AirlinePaymentMethod | undefined = ownEntry(owner.payment_methods, paymentId);
  if (method === undefined)
    return toolError('payment_method_not_found', 'Payment method not found');
  if (method.source === 'certificate') {
    return toolError('certificate_not_allowed', 'Certificate cannot be used to update reservation');
  }
  if (method.source === 'gift_card' && balanceOf(method) < price) {
    return toolError('not_enough_balance', 'Gift card balance is not enough');
  }
  return undefined;
}

/** tau2's `Passenger` model: the three fields it declares, others dropped as pydantic drops them. */
export function tau2Passenger(passenger: {
  readonly first_name: string;
  readonly last_name: string;
  readonly dob: string;
}) {
  return { first_name: passenger.first_name, last_name: passenger.last_name, dob: passenger.dob };
}
