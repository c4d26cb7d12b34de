export { importTaubench } from './taubench/index.js';
export { HELDOUT_FIXTURE, buildHeldoutTask, createHeldoutContext } from './retail-heldout/index.js';
