import { EndstateError } from '../../core/index.js';
import { defineEnvironment } from '../../environment/index.js';
import type { Environment } from '../../environment/index.js';
import { checkAirlineFixture } from './check-airline-fixture.js';
import type { AirlineData } from './load-airline-data.js';
import { tau2AirlineTools } from './tau2-airline-tools.js';

/** The tau2-bench airline tools this environment reproduces. */
const TAU2_VERSION = '2.0.0-tau2-airline';

/**
 * tau2's airline domain as an endstate environment: s0 is its db.json
 * (collections `flights`, `reservations`, `users`, keyed as there), the
 * policy is shown to the agent, and the 14 tools answer as tau2's do (an
 * error is the text tau2 puts after `Error: `).
 *
 * @example
 * const environment = createTau2AirlineEnvironment(loadTau2AirlineData('data/tau2/domains/airline'));
 */
export function createTau2AirlineEnvironment(data: AirlineData): Environment {
  const fixture = { flights: data.flights, reservations: data.reservations, users: data.users };
  const problems = checkAirlineFixture(fixture);
  if (problems.length > 0) {
    throw new EndstateError(
      'E_ENVIRONMENT_INVALID',
      'the tau2 airline data does not fit the tools',
      {
        problems,
        hint: "Use tau2's airline db.json or fix the records named.",
      },
    );
  }
  return defineEnvironment({
    name: 'airline',
    version: TAU2_VERSION,
    policy: data.policy,
    fixture,
    tools: tau2AirlineTools,
  });
}
