export { importTaubench } from './taubench/index.js';
export { exportTau2, importTau2 } from './tau2/index.js';
export { HELDOUT_FIXTURE, buildHeldoutTask, createHeldoutContext } from './retail-heldout/index.js';
