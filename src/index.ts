export { EndstateError, hashJson, canonicalJson } from './core/index.js';
export type { ErrorCode, JsonObject, JsonValue, Problem } from './core/index.js';
export { defineEnvironment, defineTool, toolError } from './environment/index.js';
export type {
  Environment,
  EnvironmentSpec,
  ToolContext,
  ToolDefinition,
  ToolDescriptor,
  ToolEffect,
} from './environment/index.js';
export { diffStates, hashState } from './state/index.js';
export type { StateDiff, StateRecord, StateSnapshot, WorkingState } from './state/index.js';
export { loadSuite } from './task/index.js';
export type { Suite, Task } from './task/index.js';
export type { TaskFile, TrialEvent, TrialRecord, RunRecord, SystemSpec } from './schema/index.js';
