export { diffStates } from './diff-states.js';
export { freezeState } from './frozen-state.js';
export type { FrozenState } from './frozen-state.js';
export { hashState } from './hash-state.js';
export type { RecordChange, StateDiff, StateRecord, StateSnapshot } from './types.js';
export { createWorkingState } from './working-state.js';
export type { WorkingState } from './working-state.js';
