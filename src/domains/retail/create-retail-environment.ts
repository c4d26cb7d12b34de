import { EndstateError } from '../../core/index.js';
import { defineEnvironment } from '../../environment/index.js';
import type { Environment } from '../../environment/index.js';
import { checkRetailFixture } from './check-retail-fixture.js';
import type { RetailData } from './load-retail-data.js';
import { retailTools } from './retail-tools.js';

/** tau-bench's commit the tools and data reproduce. */
const TAUBENCH_VERSION = '1.0.0-taubench-59a200c6';

/**
 * The tau-bench retail domain as an endstate environment: s0 is the data's
 * users, orders and products, the policy is shown to the agent, and the 16
 * tools behave as tau-bench's (see examples/retail/data/SPEC.md). The data
 * is checked first, so that no tool can crash on a malformed record.
 *
 * @example
 * const environment = createRetailEnvironment(loadRetailData('examples/retail/data'));
 * const tools = createToolHarness(environment);
 * await tools.result('find_user_id_by_email', { email: 'noah.brown7922@example.com' });
 * // 'noah_brown_6181'
 */
export function createRetailEnvironment(data: RetailData): Environment {
  const fixture = { users: data.users, orders: data.orders, products: data.products };
  const problems = checkRetailFixture(fixture);
  if (problems.length > 0) {
    throw new EndstateError('E_ENVIRONMENT_INVALID', 'the retail data does not fit the tools', {
      problems,
      hint: 'Use tau-bench retail data (users.json, orders.json, products.json) or fix the records named.',
    });
  }
  return defineEnvironment({
    name: 'retail',
    version: TAUBENCH_VERSION,
    policy: data.policy,
    fixture,
    tools: retailTools,
  });
}
