export { importTau2 } from './import-tau2.js';
export { exportTau2 } from './export-tau2.js';
