export { TrialEventSchema } from './event.js';
export type {
  ModelUsage,
  TrialIdentity,
  BlockedEvent,
  FaultEvent,
  EndpointRefusedEvent,
  ConnectionEvent,
  ToolCallEvent,
  ToolResultEvent,
  TrialEvent,
  UnstampedEvent,
  UsageEvent,
} from './event.js';
export {
  FaultFileSchema,
  FaultSchema,
  INJECTION_FAULT,
  InjectionSchema,
  RecordedInjectionSchema,
  injectedActions,
} from './fault.js';
export type { Fault, FaultKind, InjectedAction, Injection, RecordedInjection } from './fault.js';
export { FailureCaseIndexSchema, FailureVerdictSchema } from './failure-case.js';
export type { FailureCaseIndex, FailureVerdict } from './failure-case.js';
export { JsonObjectSchema } from './json-value.js';
export {
  RunRecordSchema,
  RunStatusSchema,
  SandboxSpecSchema,
  SystemSpecSchema,
  DIAGNOSIS_MODES,
} from './system-spec.js';
export type {
  DiagnosisMode,
  RunRecord,
  RunStatus,
  SandboxSpec,
  SystemSpec,
} from './system-spec.js';
export { ClaimsSchema, parsePlaceholder } from './claims.js';
export type { DeclaredClaim } from './claims.js';
export {
  ConstraintSchema,
  DEFAULT_STOP_WHEN,
  ExpectSchema,
  TaskFileSchema,
  ToolPresentSchema,
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
  ToolPresent,
  UserSpec,
} from './task.js';
export { forbiddenValues } from './must-not-say.js';
export type { MustNotSayRule } from './must-not-say.js';
export type { TrajectoryMatchMode, TrajectorySpec } from './trajectory-spec.js';
export type { PlanAdherenceMode, PlanCheck, PlanSpec, PlanStepMatch } from './plan.js';
export type { Subgoal } from './subgoals.js';
export { SUITE_LOCK_VERSION, SuiteLockSchema } from './suite-lock.js';
export type { LockedTask, SuiteLock } from './suite-lock.js';
export { TrajectoryFileSchema } from './trajectory-file.js';
export type { TrajectoryFile } from './trajectory-file.js';
export {
  EXIT_REASONS,
  GRADER_ROLES,
  GradeSchema,
  GraderOutputSchema,
  NORMAL_EXIT_REASONS,
  TERMINAL_REASONS,
  TRIAL_RECORD_VERSION,
  TrialRecordSchema,
} from './trial-record.js';
export type {
  Check,
  CheckRead,
  ExitReason,
  Grade,
  GraderOutput,
  GraderRole,
  RecordSequence,
  TerminalReason,
  TrialRecord,
} from './trial-record.js';
export { JudgeLabelSchema } from './judge-label.js';
export type { JudgeLabel } from './judge-label.js';
export {
  checksOfRole,
  constraintChecks,
  failedChecks,
  graderCostOf,
  partialScoreOf,
  successOf,
  trialChecks,
} from './grades.js';
export type { GradedCheck } from './grades.js';
export { describeCheckDetail } from './check-detail.js';
export { JudgeVerdictSchema } from './judge.js';
export type { JudgeSpec, JudgeVerdict } from './judge.js';
export type { JudgeCaller, JudgeReply, JudgeRequest } from './judge-caller.js';
export { JudgeValidationSchema } from './judge-validation.js';
export type { JudgeValidation } from './judge-validation.js';
export {
  FAILURE_LABELS,
  FAILURE_LABEL_RULES,
  FailureLabelLineSchema,
  StoredFailureLabelSchema,
} from './failure-label.js';
export type { FailureLabel, FailureLabelLine, StoredFailureLabel } from './failure-label.js';
export { readTrialRecord } from './read-trial-record.js';
export { checkRunWeights } from './check-run-weights.js';
export { PriceSchema } from './run-pricing.js';
export type { Price, PriceSource, RunPricing } from './run-pricing.js';
export { SequenceFileSchema } from './sequence-file.js';
export type { SequenceFile } from './sequence-file.js';
export { isOutcomeOnlySuccess, sourceVerdict, verdictSources } from './source-verdict.js';
