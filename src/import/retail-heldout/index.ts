export { buildHeldoutTask } from './build-heldout-task.js';
export { HELDOUT_FIXTURE, createHeldoutContext } from './create-heldout-context.js';
