export { createTelecomEnvironment } from './create-telecom-environment.js';
export { loadTelecomData } from './load-telecom-data.js';
export type { TelecomData } from './load-telecom-data.js';
export { runTelecomAssertion, TELECOM_ASSERTIONS } from './telecom-assertions.js';
export type { TelecomAssertionCall, TelecomAssertionResult } from './telecom-assertions.js';
export { PHONE, SURROUNDINGS, TELECOM_TABLES } from './telecom-records.js';
export type { TelecomTable } from './telecom-records.js';
export {
  telecomAgentSetup,
  telecomAgentTools,
  telecomUserSetup,
  telecomUserTools,
} from './telecom-tools.js';
export { replayTelecomTask } from './replay-telecom-task.js';
export type { TelecomReplay, TelecomTau2Task } from './replay-telecom-task.js';
