import { EndstateError } from '../../core/index.js';
import { defineEnvironment } from '../../environment/index.js';
import type { Environment } from '../../environment/index.js';
import { checkRetailFixture } from './check-retail-fixture.js';
import type { RetailData } from './load-retail-data.js';
import { tau2RetailTools } from './tau2-retail-tools.js';

/** The tau2-bench retail tools this environment reproduces. */
const TAU2_VERSION = '2.0.0-tau2-retail';

/**
 * tau2's retail domain as an endstate environment: s0 is its db.json
 * (collections `users`, `orders`, `products`, keyed as there), the policy
 * is shown to the agent, and the 15 tools answer as tau2's do (an error is
 * the text tau2 puts after `Error: `).
 *
 * @example
 * const environment = createTau2RetailEnvironment(loadTau2RetailData('data/tau2/domains/retail'));
 */
export function createTau2RetailEnvironment(data: RetailData): Environment {
  const fixture = { users: data.users, orders: data.orders, products: data.products };
  const problems = checkRetailFixture(fixture);
  if (problems.length > 0) {
    throw new EndstateError(
      'E_ENVIRONMENT_INVALID',
      'the tau2 retail data does not fit the tools',
      {
        problems,
        hint: "Use tau2's retail db.json or fix the records named.",
      },
    );
  }
  return defineEnvironment({
    name: 'retail',
    version: TAU2_VERSION,
    policy: data.policy,
    fixture,
    tools: tau2RetailTools,
  });
}
