export { buildTask } from './build-task.js';
export { shopEnvironment, shopRefundTask } from './shop-environment.js';
export { buildTrialRecord } from './build-trial-record.js';
