export { checkMustNotSay } from './check-must-not-say.js';
export { checkTaskReferences } from './check-task-references.js';
export { hashSuite, listSuiteFiles } from './hash-suite.js';
export { loadSuite } from './load-suite.js';
export type { LoadSuiteOptions, Suite } from './load-suite.js';
export { ENVIRONMENT_FILES, createEnvironmentImporter } from './import-environment.js';
export type { ModuleImporter } from './import-environment.js';
export { parseTaskFile } from './parse-task-file.js';
export {
  SUITE_LOCK_FILE,
  checkSuiteLock,
  compareWithLock,
  createSuiteLock,
  describeDrift,
  fingerprintTasks,
  formatSuiteLock,
  hashTaskDocument,
  lockRefusal,
  readSuiteLock,
  writeSuiteLock,
} from './suite-lock.js';
export type {
  AcceptedDrift,
  LockComparison,
  LockableSuite,
  RefusedDrift,
  SuiteLockStatus,
  TaskFingerprint,
} from './suite-lock.js';
export type { ParsedTaskFile } from './parse-task-file.js';
export type { PublicTaskView, Task } from './task.js';
export { PLAN_HEADING, referencePlan } from './reference-plan.js';
export { parseYamlSource } from './yaml-source.js';
export { readInputFile, readInputFileOrThrow } from './read-input-file.js';
export type { InputFile, InputFileOptions } from './read-input-file.js';
export type { YamlSource } from './yaml-source.js';
export { formatPath, zodProblems } from './zod-problems.js';
export { decodeUtf8 } from './decode-utf8.js';
export type { DecodedText } from './decode-utf8.js';
export { findPrototypeKeys } from './find-prototype-keys.js';
export {
  SEQUENCE_FILE,
  loadSequences,
  parseSequenceFile,
  standaloneTasks,
} from './load-sequences.js';
export type { ParsedSequenceFile } from './load-sequences.js';
export { episodeId } from './sequence.js';
export type { Sequence, SequenceEpisodeOf } from './sequence.js';
