export { changesFromDiff } from './changes-from-diff.js';
export { importTaubench } from './taubench/index.js';
export type { ImportSummary, ImportTaubenchOptions } from './taubench/index.js';
export { writeRetailHeldout } from './retail-heldout/index.js';
export type { RetailHeldoutSummary, WriteRetailHeldoutOptions } from './retail-heldout/index.js';
