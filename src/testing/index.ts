export { buildTask } from './build-task.js';
export { buildTrialRecord } from './build-trial-record.js';
export { createToolHarness } from './create-tool-harness.js';
export type { ToolHarness, ToolHarnessOptions } from './create-tool-harness.js';
export { shopEnvironment, shopRefundTask } from './shop-environment.js';
