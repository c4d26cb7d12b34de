import { createTelecomEnvironment, loadTelecomData } from '../../domains/tau2-telecom/index.js';
import { telecomAssertionCel } from './telecom-assertion-cel.js';
import type { Tau2Domain } from './tau2-domain.js';

/**
 * tau2's telecom domain: the carrier's db.toml and the customer's phone in
 * user_db.toml, two sides with the sync hook; its env assertions read as
 * CEL over either side.
 */
export const TELECOM_DOMAIN: Tau2Domain = {
  name: 'telecom',
  createEnvironment: (folder) => createTelecomEnvironment(loadTelecomData(folder)),
  environmentModule: `// tau2-bench's telecom domain (MIT, Sierra), over the data in ./data.
import { fileURLToPath } from 'node:url';
import { createTelecomEnvironment, loadTelecomData } from 'endstate/telecom';

export default createTelecomEnvironment(
  loadTelecomData(fileURLToPath(new URL('./data/', import.meta.url))),
);
`,
  dataFiles: [
    'db.toml',
    'user_db.toml',
    'policy.md',
    'main_policy.md',
    'tech_support_manual.md',
    'tasks.json',
    'split_tasks.json',
  ],
  envAssertion: telecomAssertionCel,
};
