import type { ToolDefinition } from '../../environment/index.js';
import { tau2BookReservation, tau2UpdateReservationFlights } from './tau2-booking-tools.js';
import {
  tau2Calculate,
  tau2GetFlightStatus,
  tau2GetReservationDetails,
  tau2GetUserDetails,
  tau2ListAllAirports,
  tau2SendCertificate,
  tau2TransferToHumanAgents,
} from './tau2-lookup-tools.js';
import {
  tau2CancelReservation,
  tau2UpdateReservationBaggages,
  tau2UpdateReservationPassengers,
} from './tau2-reservation-tools.js';
import { tau2SearchDirectFlight, tau2SearchOnestopFlight } from './tau2-search-tools.js';

/**
 * The 14 tools of tau2's airline domain (tau2-bench, MIT, Sierra), in the
 * order its toolkit defines them. tau2 has `get_flight_status` and no
 * `think`.
 */
// Tools differ in their input types; the dispatcher validates before calling.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const tau2AirlineTools: readonly ToolDefinition<any>[] = [
  tau2BookReservation,
  tau2Calculate,
  tau2CancelReservation,
  tau2GetReservationDetails,
  tau2GetUserDetails,
  tau2ListAllAirports,
  tau2SearchDirectFlight,
  tau2SearchOnestopFlight,
  tau2SendCertificate,
  tau2TransferToHumanAgents,
  tau2UpdateReservationBaggages,
  tau2UpdateReservationFlights,
  tau2UpdateReservationPassengers,
  tau2GetFlightStatus,
];
