export { EXIT, main } from './main.js';
export type { CliIo } from './cli-io.js';
