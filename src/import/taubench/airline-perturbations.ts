import type { JsonObject, JsonValue } from '../../core/index.js';
import type { WorkingState } from '../../state/index.js';
import { asObject, asString, offByOne, paymentMethodsOf } from './perturbation.js';
import type { Perturb, Perturbation } from './perturbation.js';

function ownerOf(args: JsonObject, state: WorkingState): string | undefined {
  if (typeof args.user_id === 'string') return args.user_id;
  const reservation = state.get('reservations', asString(args.reservation_id));
  return typeof reservation?.user_id === 'string' ? reservation.user_id : undefined;
}

/** The passengers with one character off in the first name of the last one. */
function passengerTypo(passengers: JsonValue | undefined): JsonObject[] {
  const list = Array.isArray(passengers) ? passengers.map(asObject) : [];
  return list.map((passenger, index) =>
    index === list.length - 1
      ? { ...passenger, first_name: offByOne(asString(passenger.first_name)) }
      : passenger,
  );
}

/** The owner's methods other than `current` that may pay for a change (certificates may not). */
function otherChangeMethods(
  owner: string | undefined,
  current: JsonValue | undefined,
  state: WorkingState,
): string[] {
  return paymentMethodsOf(owner, state).filter(
    (method) => method !== current && !method.startsWith('certificate_'),
  );
}

/**
 * Plausible wrong versions of one gold airline write that still go
 * through as a call: a passenger's name off by one character, one bag more,
 * another reservation of the same user cancelled, another payment method
 * for a change, another certificate amount.
 */
export const airlinePerturbations: Perturb = (tool, args, state) => {
  const owner = ownerOf(args, state);
  const extraBag: Perturbation = {
    name: `${tool}-extra-bag`,
    args: { ...args, total_baggages: Number(args.total_baggages ?? 0) + 1 },
  };
  const otherMethods = otherChangeMethods(owner, args.payment_id, state).map(
    (method): Perturbation => ({
      name: `${tool}-other-payment-method`,
      args: { ...args, payment_id: method },
    }),
  );
  switch (tool) {
    case 'book_reservation':
      return [
        {
          name: `${tool}-passenger-typo`,
          args: { ...args, passengers: passengerTypo(args.passengers) },
        },
        extraBag,
      ];
    case 'cancel_reservation': {
      const reservations = asObject(state.get('users', owner ?? '')).reservations;
      const others = (Array.isArray(reservations) ? reservations : [])
        .map(asString)
        .filter((id) => id !== args.reservation_id && state.has('reservations', id));
      return others.map((id) => ({
        name: `${tool}-other-reservation`,
        args: { ...args, reservation_id: id },
      }));
    }
    case 'update_reservation_baggages':
      return [extraBag, ...otherMethods];
    case 'update_reservation_flights':
      return otherMethods;
    case 'update_reservation_passengers':
      return [
        {
          name: `${tool}-passenger-typo`,
          args: { ...args, passengers: passengerTypo(args.passengers) },
        },
      ];
    case 'send_certificate':
      return [
        {
          name: `${tool}-other-amount`,
          args: { ...args, amount: Number(args.amount ?? 0) + 50 },
        },
      ];
    default:
      return [];
  }
};
