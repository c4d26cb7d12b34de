export { importTaubench } from './import-taubench.js';
