export { RENAME_ENTITIES, buildHeldoutTask, heldoutId } from './build-heldout-task.js';
export type { HeldoutContext, HeldoutTask } from './build-heldout-task.js';
export { HELDOUT_FIXTURE, createHeldoutContext } from './create-heldout-context.js';
export { writeRetailHeldout } from './write-retail-heldout.js';
export type { RetailHeldoutSummary, WriteRetailHeldoutOptions } from './write-retail-heldout.js';
