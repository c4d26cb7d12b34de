export { loadSuite } from './load-suite.js';
export type { LoadSuiteOptions, Suite } from './load-suite.js';
export type { ModuleImporter } from './import-environment.js';
export { parseTaskFile } from './parse-task-file.js';
export { SUITE_LOCK_FILE, checkSuiteLock, describeDrift, writeSuiteLock } from './suite-lock.js';
export type {
  AcceptedDrift,
  LockableSuite,
  SuiteLockStatus,
  TaskFingerprint,
} from './suite-lock.js';
export type { PublicTaskView, Task } from './task.js';
export { PLAN_HEADING, referencePlan } from './reference-plan.js';
export { parseYamlSource } from './yaml-source.js';
export { readInputFileOrThrow } from './read-input-file.js';
export { formatPath, zodProblems } from './zod-problems.js';
export { decodeUtf8 } from './decode-utf8.js';
export { findPrototypeKeys } from './find-prototype-keys.js';
export { standaloneTasks } from './load-sequences.js';
export type { Sequence, SequenceEpisodeOf } from './sequence.js';
