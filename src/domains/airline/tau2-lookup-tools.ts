import { z } from 'zod';
import { defineTool, isToolFailure, toolError } from '../../environment/index.js';
import { calculate, pythonNumberText } from '../taubench/index.js';
import { AIRLINE_COLLECTIONS, ownEntry, readFlight, reservationOwner } from './airline-records.js';
import type { AirlineUser } from './airline-records.js';
import { reservationNotFound, tau2User } from './tau2-airline-lookups.js';
import { transferToHumanAgents } from './utility-tools.js';

// tau2's airline look-ups and small tools (tau2-bench, MIT, Sierra), with
// its docstrings as descriptions and its errors.

export const tau2GetReservationDetails = defineTool({
  name: 'get_reservation_details',
  description: 'Get the details of a reservation.',
  input: z.strictObject({
    reservation_id: z.string().describe("The reservation ID, such as '8JX2WO'."),
  }),
  effect: 'read',
  scope: ({ reservation_id }, state) => reservationOwner(state, reservation_id),
  run: ({ reservation_id }, { state }) =>
    state.get(AIRLINE_COLLECTIONS.reservations, reservation_id) ??
    reservationNotFound(reservation_id),
});

export const tau2GetUserDetails = defineTool({
  name: 'get_user_details',
  description: 'Get the details of a user, including their reservations.',
  input: z.strictObject({ user_id: z.string().describe("The user ID, such as 'sara_doe_496'.") }),
  effect: 'read',
  scope: ({ user_id }) => user_id,
  run: ({ user_id }, { state }) => {
    const user = tau2User(state, user_id);
    return isToolFailure(user) ? user : state.get(AIRLINE_COLLECTIONS.users, user_id)!;
  },
});

/** The airports tau2's airline lists, in its order, whatever the flights data holds. */
const AIRPORTS: readonly (readonly [string, string])[] = [
  ['SFO', 'San Francisco'],
  ['JFK', 'New York'],
  ['LAX', 'Los Angeles'],
  ['ORD', 'Chicago'],
  ['DFW', 'Dallas'],
  ['DEN', 'Denver'],
  ['SEA', 'Seattle'],
  ['ATL', 'Atlanta'],
  ['MIA', 'Miami'],
  ['BOS', 'Boston'],
  ['PHX', 'Phoenix'],
  ['IAH', 'Houston'],
  ['LAS', 'Las Vegas'],
  ['MCO', 'Orlando'],
  ['EWR', 'Newark'],
  ['CLT', 'Charlotte'],
  ['MSP', 'Minneapolis'],
  ['DTW', 'Detroit'],
  ['PHL', 'Philadelphia'],
  ['LGA', 'LaGuardia'],
];

/** tau2 answers a list of `AirportCode` models (v1 a code → city object). */
export const tau2ListAllAirports = defineTool({
  name: 'list_all_airports',
  description: 'Returns a list of all available airports.',
  input: z.strictObject({}),
  effect: 'read',
  run: () => AIRPORTS.map(([iata, city]) => ({ iata, city })),
});

/** New in tau2: a flight's status on a day. */
export const tau2GetFlightStatus = defineTool({
  name: 'get_flight_status',
  description: 'Get the status of a flight.',
  input: z.strictObject({
    flight_number: z.string().describe('The flight number.'),
    date: z.string().describe('The date of the flight.'),
  }),
  effect: 'read',
  run: ({ flight_number, date }, { state }) => {
    const flight = readFlight(state, flight_number);
    if (flight === undefined) {
      return toolError('flight_not_found', `Flight ${flight_number} not found`);
    }
    const day = ownEntry(flight.dates, date);
    if (day === undefined) {
      return toolError('flight_not_found', `Flight ${flight_number} not found on date ${date}`);
    }
    return day.status;
  },
});

/** tau2 gives at most three certificates per task, under these ids. */
const CERTIFICATE_IDS = ['certificate_3221322', 'certificate_3221323', 'certificate_3221324'];

/** v1's certificate, except that a fourth fails ("Too many certificates") where v1 answered None. */
export const tau2SendCertificate = defineTool({
  name: 'send_certificate',
  description: 'Send a certificate to a user. Be careful!',
  input: z.strictObject({
    user_id: z
      .string()
      .describe("The ID of the user to book the reservation, such as 'sara_doe_496'."),
    amount: z.number().describe('The amount of the certificate to send.'),
  }),
  effect: 'irreversible',
  scope: ({ user_id }) => user_id,
  run: ({ user_id, amount }, { state }) => {
    const user = tau2User(state, user_id);
    if (isToolFailure(user)) return user;
    const paymentId = CERTIFICATE_IDS.find((id) => !Object.hasOwn(user.payment_methods, id));
    if (paymentId === undefined) return toolError('too_many_certificates', 'Too many certificates');
    state.update(AIRLINE_COLLECTIONS.users, user_id, (draft) => {
      (draft as unknown as AirlineUser).payment_methods[paymentId] = {
        source: 'certificate',
        id: paymentId,
        amount,
      };
    });
    return `Certificate ${paymentId} added to user ${user_id} with amount ${pythonNumberText(amount)}.`;
  },
});

/** tau-bench's calculate, with tau2's capitalised error for a character it refuses. */
export const tau2Calculate = defineTool({
  ...calculate,
  run: async (args, context) => {
    const output = await calculate.run(args, context);
    return isToolFailure(output) && output.message === 'invalid characters in expression'
      ? toolError(output.code, 'Invalid characters in expression', output.details)
      : output;
  },
});

export const tau2TransferToHumanAgents = defineTool({
  ...transferToHumanAgents,
  description:
    "Transfer the user to a human agent, with a summary of the user's issue. Only transfer if - the user explicitly asks for a human agent - given the policy and the available tools, you cannot solve the user's issue.",
});
