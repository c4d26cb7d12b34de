export { changesFromDiff } from './changes-from-diff.js';
export { importTaubench } from './taubench/index.js';
export type { ImportSummary, ImportTaubenchOptions } from './taubench/index.js';
export {
  HELDOUT_FIXTURE,
  RENAME_ENTITIES,
  buildHeldoutTask,
  createHeldoutContext,
  heldoutId,
  writeRetailHeldout,
} from './retail-heldout/index.js';
export type {
  HeldoutContext,
  HeldoutTask,
  RetailHeldoutSummary,
  WriteRetailHeldoutOptions,
} from './retail-heldout/index.js';
