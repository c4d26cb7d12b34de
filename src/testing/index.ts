export { buildTask } from './build-task.js';
export { shopEnvironment, shopRefundTask } from './shop-environment.js';
