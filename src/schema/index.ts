export {
  AgentEventSchema,
  AssistEventSchema,
  BlockedEventSchema,
  FaultEventSchema,
  NoteEventSchema,
  EndpointRefusedEventSchema,
  ConnectionEventSchema,
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
  AssistEvent,
  BlockedEvent,
  FaultEvent,
  NoteEvent,
  EndpointRefusedEvent,
  ConnectionEvent,
  ToolCallEvent,
  ToolResultEvent,
  TrialEvent,
  UnstampedEvent,
  UsageEvent,
  UserEvent,
} from './event.js';
export {
  FAULT_KINDS,
  FaultFileSchema,
  FaultSchema,
  INJECTION_FAULT,
  InjectedActionSchema,
  InjectionSchema,
  RecordedInjectionSchema,
  injectedActions,
} from './fault.js';
export type {
  Fault,
  FaultFile,
  FaultKind,
  InjectedAction,
  Injection,
  RecordedInjection,
} from './fault.js';
export {
  CaseReplaySchema,
  FailureCaseEntrySchema,
  FailureCaseIndexSchema,
  FailureVerdictSchema,
} from './failure-case.js';
export type {
  CaseReplay,
  FailureCaseEntry,
  FailureCaseIndex,
  FailureVerdict,
} from './failure-case.js';
export { JsonObjectSchema, JsonValueSchema } from './json-value.js';
export {
  RunRecordSchema,
  RunStatusSchema,
  SandboxSpecSchema,
  SystemSpecSchema,
  DIAGNOSIS_MODES,
  DiagnosisModeSchema,
} from './system-spec.js';
export type {
  DiagnosisMode,
  RunRecord,
  RunStatus,
  SandboxSpec,
  SystemSpec,
} from './system-spec.js';
export {
  ClaimsSchema,
  DeclaredClaimSchema,
  PLACEHOLDER_CONVERSIONS,
  parsePlaceholder,
  placeholdersOf,
} from './claims.js';
export type { Claims, DeclaredClaim, PlaceholderConversion } from './claims.js';
export {
  AssistTypeSchema,
  ChangeSchema,
  ConstraintSchema,
  DEFAULT_STOP_WHEN,
  ExpectSchema,
  KnownBadSchema,
  KnownGoodSchema,
  MAX_TASK_WEIGHT,
  LimitsSchema,
  StepSchema,
  TakeOverSchema,
  TaskFileSchema,
  ToolPresentSchema,
  UserSpecSchema,
  VariantSchema,
} from './task.js';
export type {
  AssistType,
  Change,
  Constraint,
  Expect,
  KnownBad,
  KnownGood,
  Limits,
  ScriptRule,
  Step,
  ExtraTool,
  TakeOver,
  TaskFile,
  ToolPresent,
  UserSpec,
  Variant,
} from './task.js';
export {
  MIN_FORBIDDEN_LENGTH,
  MustNotSayRuleSchema,
  MustNotSaySchema,
  forbiddenValues,
} from './must-not-say.js';
export type {
  ForbiddenValue,
  ForbiddenValues,
  MustNotSayRule,
  ValuesRule,
} from './must-not-say.js';
export {
  TRAJECTORY_MATCH_MODES,
  TrajectoryMatchModeSchema,
  TrajectorySpecSchema,
} from './trajectory-spec.js';
export type { TrajectoryMatchMode, TrajectorySpec } from './trajectory-spec.js';
export {
  PLAN_ADHERENCE_MODES,
  PlanCheckSchema,
  PlanSpecSchema,
  PlanStepMatchSchema,
} from './plan.js';
export type { PlanAdherenceMode, PlanCheck, PlanSpec, PlanStepMatch } from './plan.js';
export { SubgoalSchema } from './subgoals.js';
export type { Subgoal } from './subgoals.js';
export { LockedTaskSchema, SUITE_LOCK_VERSION, SuiteLockSchema } from './suite-lock.js';
export type { LockedTask, SuiteLock } from './suite-lock.js';
export { TrajectoryFileSchema } from './trajectory-file.js';
export type { TrajectoryFile } from './trajectory-file.js';
export {
  CheckSchema,
  EXIT_REASONS,
  ExitReasonSchema,
  GRADER_ROLES,
  GradeSchema,
  GraderOutputSchema,
  GraderRoleSchema,
  NORMAL_EXIT_REASONS,
  RecordSequenceSchema,
  RecordVariantSchema,
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
  GraderOutput,
  GraderRole,
  RecordSequence,
  RecordVariant,
  TerminalReason,
  TrialRecord,
  Usage,
} from './trial-record.js';
export { JudgeLabelSchema } from './judge-label.js';
export type { JudgeLabel } from './judge-label.js';
export {
  PARTIAL_GRADER_ID,
  constraintChecks,
  failedChecks,
  graderCostOf,
  partialScoreOf,
  successOf,
  trialChecks,
} from './grades.js';
export type { GradedCheck } from './grades.js';
export { JudgeSpecSchema, JudgeVerdictSchema } from './judge.js';
export type { JudgeSpec, JudgeVerdict } from './judge.js';
export type { JudgeCaller, JudgeReply, JudgeRequest } from './judge-caller.js';
export { JudgeValidationSchema } from './judge-validation.js';
export type { JudgeValidation } from './judge-validation.js';
export {
  FAILURE_LABELS,
  FAILURE_LABEL_RULES,
  FailureLabelLineSchema,
  FailureLabelSchema,
  StoredFailureLabelSchema,
} from './failure-label.js';
export type { FailureLabel, FailureLabelLine, StoredFailureLabel } from './failure-label.js';
export { migrateTrialRecord, readTrialRecord } from './read-trial-record.js';
export { checkRunWeights } from './check-run-weights.js';
export { PriceSchema, PriceSourceSchema, RunPricingSchema } from './run-pricing.js';
export type { Price, PriceSource, RunPricing } from './run-pricing.js';
export { SequenceEpisodeSchema, SequenceFileSchema } from './sequence-file.js';
export type { SequenceEpisode, SequenceFile } from './sequence-file.js';
