export { convertTask } from './convert-task.js';
export type { ConvertOptions, ConvertedTask } from './convert-task.js';
export { importTaubench } from './import-taubench.js';
export type { ImportSummary, ImportTaubenchOptions } from './import-taubench.js';
export { knownBadPaths, perturbations } from './known-bad.js';
export { describeCall, referencePath } from './reference-path.js';
export { TAUBENCH_SPLITS, TaubenchTaskSchema, taubenchTaskId } from './taubench-task.js';
export type { TaubenchSplit, TaubenchTask } from './taubench-task.js';
