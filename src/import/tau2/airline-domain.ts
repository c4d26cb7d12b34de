import { createTau2AirlineEnvironment, loadTau2AirlineData } from '../../domains/airline/index.js';
import type { Tau2Domain } from './tau2-domain.js';

/** tau2's airline domain: the data is db.json; its toolkit has no assertion functions. */
export const AIRLINE_DOMAIN: Tau2Domain = {
  name: 'airline',
  createEnvironment: (folder) => createTau2AirlineEnvironment(loadTau2AirlineData(folder)),
  environmentModule: `// tau2-bench's airline domain (MIT, Sierra), over the data in ./data.
import { fileURLToPath } from 'node:url';
import { createTau2AirlineEnvironment, loadTau2AirlineData } from 'endstate/airline';

export default createTau2AirlineEnvironment(
  loadTau2AirlineData(fileURLToPath(new URL('./data/', import.meta.url))),
);
`,
  dataFiles: ['db.json', 'policy.md', 'tasks.json', 'split_tasks.json'],
  envAssertion: (assertion) => ({
    unsupported: `the airline toolkit has no assertion function "${assertion.func_name}"`,
  }),
};
