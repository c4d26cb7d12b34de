export { decodeTrial, encodeTrial } from './encoded-trial.js';
export type { EncodedTrial } from './encoded-trial.js';
export { createMemoryStore } from './memory-store.js';
export { compareTrials } from './run-store.js';
export type { RunStore } from './run-store.js';
export { openSqliteStore } from './sqlite-store.js';
