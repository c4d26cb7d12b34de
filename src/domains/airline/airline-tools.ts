import type { ToolDefinition } from '../../environment/index.js';
import { calculate } from '../taubench/index.js';
import { bookReservation } from './book-reservation.js';
import { cancelReservation } from './cancel-reservation.js';
import { getReservationDetails, getUserDetails, listAllAirports } from './lookup-tools.js';
import { searchDirectFlight, searchOnestopFlight } from './search-flight-tools.js';
import { sendCertificate } from './send-certificate.js';
import { updateReservationBaggages } from './update-reservation-baggages.js';
import { updateReservationFlights } from './update-reservation-flights.js';
import { updateReservationPassengers } from './update-reservation-passengers.js';
import { think, transferToHumanAgents } from './utility-tools.js';

/**
 * The 14 tools of tau-bench's airline domain, in its `ALL_TOOLS` order (the
 * order the agent is shown them in).
 */
// Tools differ in their input types; the dispatcher validates before calling.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const airlineTools: readonly ToolDefinition<any>[] = [
  bookReservation,
  calculate,
  cancelReservation,
  getReservationDetails,
  getUserDetails,
  listAllAirports,
  searchDirectFlight,
  searchOnestopFlight,
  sendCertificate,
  think,
  transferToHumanAgents,
  updateReservationBaggages,
  updateReservationFlights,
  updateReservationPassengers,
];
