import { z } from 'zod';
import { defineTool, toolError } from '../../environment/index.js';
import { AIRLINE_COLLECTIONS, reservationOwner } from './airline-records.js';
import { UserIdArgument } from './tool-arguments.js';

// Descriptions are tau-bench's (MIT, Sierra).

export const getUserDetails = defineTool({
  name: 'get_user_details',
  description: 'Get the details of an user, including their reservations.',
  input: z.strictObject({ user_id: UserIdArgument }),
  effect: 'read',
  scope: ({ user_id }) => user_id,
  run: ({ user_id }, { state }) =>
    state.get(AIRLINE_COLLECTIONS.users, user_id) ?? toolError('user_not_found', 'user not found'),
});

export const getReservationDetails = defineTool({
  name: 'get_reservation_details',
  description: 'Get the details of a reservation.',
  input: z.strictObject({
    reservation_id: z.string().describe("The reservation id, such as '8JX2WO'."),
  }),
  effect: 'read',
  scope: ({ reservation_id }, state) => reservationOwner(state, reservation_id),
  run: ({ reservation_id }, { state }) =>
    state.get(AIRLINE_COLLECTIONS.reservations, reservation_id) ??
    // tau-bench's words for an unknown reservation, "user" included.
    toolError('reservation_not_found', 'user not found'),
});

/** The airports tau-bench's airline serves, code → city, in its order. */
const AIRPORTS: Readonly<Record<string, string>> = {
  SFO: 'San Francisco',
  JFK: 'New York',
  LAX: 'Los Angeles',
  ORD: 'Chicago',
  DFW: 'Dallas',
  DEN: 'Denver',
  SEA: 'Seattle',
  ATL: 'Atlanta',
  MIA: 'Miami',
  BOS: 'Boston',
  PHX: 'Phoenix',
  IAH: 'Houston',
  LAS: 'Las Vegas',
  MCO: 'Orlando',
  EWR: 'Newark',
  CLT: 'Charlotte',
  MSP: 'Minneapolis',
  DTW: 'Detroit',
  PHL: 'Philadelphia',
  LGA: 'LaGuardia',
};

export const listAllAirports = defineTool({
  name: 'list_all_airports',
  description: 'List all airports and their cities.',
  input: z.strictObject({}),
  effect: 'read',
  // A fixed list in tau-bench, whatever the flights data holds.
  run: () => ({ ...AIRPORTS }),
});
