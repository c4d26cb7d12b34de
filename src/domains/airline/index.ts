export { airlineTools } from './airline-tools.js';
export { checkAirlineFixture } from './check-airline-fixture.js';
export type { AirlineFixture } from './check-airline-fixture.js';
export { createAirlineEnvironment } from './create-airline-environment.js';
export { loadAirlineData } from './load-airline-data.js';
export type { AirlineData } from './load-airline-data.js';
export type {
  AirlineFlight,
  AirlineFlightDate,
  AirlinePayment,
  AirlinePaymentMethod,
  AirlineReservation,
  AirlineReservationFlight,
  AirlineUser,
  Cabin,
} from './airline-records.js';
export { createTau2AirlineEnvironment } from './create-tau2-airline-environment.js';
export { loadTau2AirlineData } from './load-tau2-airline-data.js';
