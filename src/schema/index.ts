export {
  AgentEventSchema,
  BlockedEventSchema,
  NoteEventSchema,
  ToolCallEventSchema,
  ToolResultEventSchema,
  TrialEventSchema,
  UsageEventSchema,
  UserEventSchema,
} from './event.js';
export type {
  ModelUsage,
  TrialIdentity,
  AgentEvent,
  BlockedEvent,
  NoteEvent,
  ToolCallEvent,
  ToolResultEvent,
  TrialEvent,
  UnstampedEvent,
  UsageEvent,
  UserEvent,
} from './event.js';
export { JsonObjectSchema, JsonValueSchema } from './json-value.js';
export { RunRecordSchema, RunStatusSchema, SystemSpecSchema } from './system-spec.js';
export type { RunRecord, RunStatus, SystemSpec } from './system-spec.js';
export {
  ChangeSchema,
  ConstraintSchema,
  ExpectSchema,
  KnownBadSchema,
  LimitsSchema,
  StepSchema,
  TaskFileSchema,
  UserSpecSchema,
} from './task.js';
export type {
  Change,
  Constraint,
  Expect,
  KnownBad,
  Limits,
  ScriptRule,
  Step,
  TaskFile,
  UserSpec,
} from './task.js';
export { TrajectoryFileSchema } from './trajectory-file.js';
export type { TrajectoryFile } from './trajectory-file.js';
export {
  CheckSchema,
  EXIT_REASONS,
  ExitReasonSchema,
  GradeSchema,
  NORMAL_EXIT_REASONS,
  StateDiffSchema,
  TERMINAL_REASONS,
  TRIAL_RECORD_VERSION,
  TerminalReasonSchema,
  TrialRecordSchema,
  UsageSchema,
} from './trial-record.js';
export type {
  Check,
  ExitReason,
  Grade,
  TerminalReason,
  TrialRecord,
  Usage,
} from './trial-record.js';
