import { EndstateError } from '../../core/index.js';
import { defineEnvironment } from '../../environment/index.js';
import type { Environment } from '../../environment/index.js';
import { airlineTools } from './airline-tools.js';
import { checkAirlineFixture } from './check-airline-fixture.js';
import type { AirlineData } from './load-airline-data.js';

/** tau-bench's commit the tools reproduce. */
const TAUBENCH_VERSION = '1.0.0-taubench-59a200c6';

/**
 * The tau-bench airline domain as an endstate environment: s0 is the
 * data's flights, reservations and users, the policy is shown to the
 * agent, and the 14 tools behave as tau-bench's, their arithmetic and error
 * texts included. The data is checked first, so that no tool can crash on
 * a malformed record.
 *
 * @example
 * const environment = createAirlineEnvironment(loadAirlineData('my-airline/data'));
 * const tools = createToolHarness(environment);
 * await tools.result('cancel_reservation', { reservation_id: 'ZFA04Y' });
 */
export function createAirlineEnvironment(data: AirlineData): Environment {
  const fixture = { flights: data.flights, reservations: data.reservations, users: data.users };
  const problems = checkAirlineFixture(fixture);
  if (problems.length > 0) {
    throw new EndstateError('E_ENVIRONMENT_INVALID', 'the airline data does not fit the tools', {
      problems,
      hint: 'Use tau-bench airline data (flights.json, reservations.json, users.json) or fix the records named.',
    });
  }
  return defineEnvironment({
    name: 'taubench-airline',
    version: TAUBENCH_VERSION,
    policy: data.policy,
    fixture,
    tools: airlineTools,
  });
}
