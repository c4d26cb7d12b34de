import { defineEnvironment } from '../../environment/index.js';
import type { Environment } from '../../environment/index.js';
import type { TelecomData } from './load-telecom-data.js';
import { syncPhoneWithLine } from './sync-phone-with-line.js';
import { PHONE, SURROUNDINGS } from './telecom-records.js';
import {
  telecomAgentSetup,
  telecomAgentTools,
  telecomUserSetup,
  telecomUserTools,
} from './telecom-tools.js';

/** tau2-bench's telecom domain, as these tools reproduce it. */
const TAU2_VERSION = '1.0.0-tau2-telecom';

/**
 * tau2-bench's telecom domain as an endstate environment with two sides.
 * The agent's side is the carrier's db (plans, customers, lines, bills,
 * devices) with tau2's 13 agent tools; the user's side is the customer's
 * phone (`device/phone`) and surroundings (`surroundings/user`) with the 30
 * tools tau2 gives the customer. tau2's other toolkit functions, which its
 * tasks' initialization_actions call, are setup tools on each side, and
 * the sync hook is tau2's `sync_tools`.
 *
 * @example
 * const environment = createTelecomEnvironment(loadTelecomData('data/tau2/domains/telecom'));
 */
export function createTelecomEnvironment(data: TelecomData): Environment {
  return defineEnvironment({
    name: 'telecom',
    version: TAU2_VERSION,
    policy: data.policy,
    fixture: { ...data.db },
    tools: telecomAgentTools,
    setup: telecomAgentSetup,
    user: {
      fixture: {
        [PHONE.collection]: { [PHONE.id]: data.userDb.device },
        [SURROUNDINGS.collection]: { [SURROUNDINGS.id]: data.userDb.surroundings },
      },
      tools: telecomUserTools,
      setup: telecomUserSetup,
    },
    sync: syncPhoneWithLine,
  });
}
