export type { RunEvent } from './run-events.js';
export { runSuite } from './run-suite.js';
export type { RunResult, RunSuiteOptions } from './run-suite.js';
export { buildSystemSpec, hashSystemSpec } from './system-spec.js';
export { validateSuite } from './validate-suite.js';
export type { SuiteValidation, TaskValidation, ValidationCheck } from './validate-suite.js';
