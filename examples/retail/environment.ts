// The tau-bench retail environment (MIT, Sierra), over the data in ./data.
import { fileURLToPath } from 'node:url';
import { createRetailEnvironment, loadRetailData } from 'endstate/retail';

export default createRetailEnvironment(
  loadRetailData(fileURLToPath(new URL('./data/', import.meta.url))),
);
