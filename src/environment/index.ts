export { defineEnvironment, isEnvironment } from './define-environment.js';
export type { Environment, EnvironmentSpec } from './define-environment.js';
export { defineTool, describeTool } from './define-tool.js';
export type {
  PastCall,
  ToolContext,
  ToolDefinition,
  ToolDescriptor,
  ToolEffect,
  ToolOutput,
  ToolSpec,
} from './define-tool.js';
export { createDispatcher } from './dispatcher.js';
export type { Dispatcher } from './dispatcher.js';
export type { ToolAccess, ToolCallResult } from './call-stage.js';
export { ToolCrashError, describeThrown } from './tool-crash-error.js';
export { createEventLog } from './event-log.js';
export { createFaultInjector, faultPlan } from './fault-injector.js';
export type { FaultInjector } from './fault-injector.js';
export type { EventLog } from './event-log.js';
export type { Outbox, OutboxMessage } from './outbox.js';
export { isToolFailure, toolError } from './tool-error.js';
export type { ToolFailure } from './tool-error.js';
export { replayCalls } from './replay-calls.js';
export { createToolPresentation } from './tool-presentation.js';
export type { ToolPresentation } from './tool-presentation.js';
export { environmentAt, upsertRecords } from './environment-version.js';
export type { EnvironmentVersion, EnvironmentVersionSpec } from './environment-version.js';
export { applyInit, initTool, initToolNames } from './apply-init.js';
export type { InitStep } from './apply-init.js';
export type { SyncContext, SyncHook, UserSide, UserSideSpec } from './user-side.js';
