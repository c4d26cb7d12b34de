import { createTau2RetailEnvironment, loadTau2RetailData } from '../../domains/retail/index.js';
import type { Tau2Domain } from './tau2-domain.js';

/** tau2's retail domain: the data is db.json; its toolkit has no assertion functions. */
export const RETAIL_DOMAIN: Tau2Domain = {
  name: 'retail',
  createEnvironment: (folder) => createTau2RetailEnvironment(loadTau2RetailData(folder)),
  environmentModule: `// tau2-bench's retail domain (MIT, Sierra), over the data in ./data.
import { fileURLToPath } from 'node:url';
import { createTau2RetailEnvironment, loadTau2RetailData } from 'endstate/retail';

export default createTau2RetailEnvironment(
  loadTau2RetailData(fileURLToPath(new URL('./data/', import.meta.url))),
);
`,
  dataFiles: ['db.json', 'policy.md', 'tasks.json', 'split_tasks.json'],
  envAssertion: (assertion) => ({
    unsupported: `the retail toolkit has no assertion function "${assertion.func_name}"`,
  }),
};
