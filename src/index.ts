/**
 * endstate: evaluate tool-using AI agents by the state they leave behind.
 * The library entry, for authoring (environments, tools, tasks, graders,
 * agents), running (suites, stores) and reading results (records, stored
 * runs); it re-exports by name. Statistics are in `endstate/stats`,
 * scorecards, comparisons and their rendering in `endstate/report`, fakes
 * and builders for tests in `endstate/testing`; see docs/api.md.
 */
export { EndstateError, canonicalJson, hashJson } from './core/index.js';
/** The zod that endstate's schemas use: tool inputs written with it always match. */
export { z } from 'zod';
export type { ErrorCode, JsonObject, JsonValue, Problem } from './core/index.js';
export {
  defineEnvironment,
  defineTool,
  describeTool,
  environmentAt,
  toolError,
} from './environment/index.js';
export type {
  Environment,
  EnvironmentSpec,
  EnvironmentVersion,
  EnvironmentVersionSpec,
  Outbox,
  OutboxMessage,
  ToolCallResult,
  ToolContext,
  ToolDefinition,
  ToolDescriptor,
  ToolEffect,
  SyncContext,
  SyncHook,
  UserSide,
  UserSideSpec,
} from './environment/index.js';
export { diffStates, hashState } from './state/index.js';
export type {
  RecordChange,
  StateDiff,
  StateRecord,
  StateSnapshot,
  WorkingState,
} from './state/index.js';
export { checkSuiteLock, loadSuite, writeSuiteLock } from './task/index.js';
export type {
  LoadSuiteOptions,
  PublicTaskView,
  Sequence,
  SequenceEpisodeOf,
  Suite,
  SuiteLockStatus,
  Task,
} from './task/index.js';
export {
  AGENT_KINDS,
  AGENT_REGISTRY,
  SLIP_KINDS,
  TrialStoppedError,
  agentSpecOf,
  createAgentFromSpec,
  defineAgentKind,
  createCommandAgent,
  createDoNothingAgent,
  createLlmAgent,
  createMcpAgent,
  createMcpServerAgent,
  createOracleAgent,
  createReplayAgent,
  createSimulatedAgent,
  listenMcpHttp,
  serveSessionOverMcp,
} from './agent/index.js';
export type {
  Agent,
  AgentPreflight,
  AgentPreflightOptions,
  AgentMemory,
  AgentBuildContext,
  AgentKind,
  AgentSpecInput,
  AgentResult,
  AgentSession,
  AgentSpec,
  CommandAgentOptions,
  LlmAgentOptions,
  McpAgentOptions,
  McpServeHooks,
  McpServerAgentOptions,
  SimulatedAgentOptions,
  SlipKind,
  TrialStopReason,
} from './agent/index.js';
export {
  BUILT_IN_GRADERS,
  checkClaims,
  claimsGrader,
  constraintsGrader,
  defineGrader,
  extractClaims,
  gradeConstraints,
  gradeMustNotSay,
  gradeOutcome,
  gradeResponse,
  gradeTrajectory,
  matchTrajectory,
  mustNotSayGrader,
  outcomeGrader,
  redundantCalls,
  partialGrader,
  planAdherenceGrader,
  planGrader,
  responseGrader,
  runGraders,
  trajectoryAnyOrderMatch,
  trajectoryExactMatch,
  trajectoryGrader,
  trajectoryInOrderMatch,
  trajectoryPrecision,
  trajectoryRecall,
  trajectorySubsetMatch,
  trajectorySupersetMatch,
  unmatchedCalls,
} from './grade/index.js';
export type {
  ActionClaim,
  ClaimVerdict,
  GradeContext,
  GradedTrial,
  Grader,
  GraderSpec,
  JudgeCaller,
  JudgeReply,
  JudgeRequest,
  MustNotSayHit,
  TrajectoryCall,
  TrajectoryMatch,
  TrajectoryMatchOptions,
  UnmatchedCalls,
} from './grade/index.js';
export { runTrial } from './trial/index.js';
export { runSuite, validateSuite } from './run/index.js';
export type { RunEvent, RunResult, RunSuiteOptions, SuiteValidation } from './run/index.js';
export { planRun, playRun } from './run/index.js';
export type {
  CallerFactory,
  PlayRunOptions,
  QueuedRun,
  RunModels,
  RunPlan,
  RunPlanContext,
  RunPlanInput,
  RunQueue,
  RunUsers,
  StoredRun,
} from './run/index.js';
export { failureCaseFiles, failureCases, regrade, trajectoryOf } from './run/index.js';
export type {
  FailureCase,
  RecordedTrajectory,
  RegradeOptions,
  RegradeResult,
  RegradeSummary,
} from './run/index.js';
export { createMemoryStore, openSqliteStore } from './store/index.js';
export type { GoneRun, RunStore, StoredTrialKey } from './store/index.js';
/** What `buildScorecard` of `endstate/report` makes of a run; its parts are typed there. */
export type { Scorecard } from './report/index.js';
export { FAILURE_LABELS, FAILURE_LABEL_RULES } from './schema/index.js';
export type { FailureLabel, StoredFailureLabel } from './schema/index.js';
export type {
  Check,
  DiagnosisMode,
  ExitReason,
  MustNotSayRule,
  RunRecord,
  SuiteLock,
  SystemSpec,
  SequenceFile,
  TaskFile,
  TerminalReason,
  TrajectorySpec,
  TrialEvent,
  TrialRecord,
} from './schema/index.js';
export { createUsersFromSpec, scriptedUsers } from './user/index.js';
export type { UserContext, UserSimulator, UsersSpec } from './user/index.js';
/** What a library user needs to build a model caller for the llm agent, users and judges. */
export {
  DEFAULT_RETRY_POLICY,
  UNLIMITED_REQUESTS,
  createLanguageModel,
  createLocalRequestLimiter,
  createModelCaller,
  loadPricing,
  modelKey,
  parseModelRef,
  priceOf,
} from './model/index.js';
export type {
  LimiterClock,
  ModelCallerOptions,
  ModelRef,
  Price,
  Pricing,
  PricingTable,
  RequestLimiter,
  RequestLimiterFactory,
  RequestLimits,
  RetryPolicy,
} from './model/index.js';

// Types named by the signatures above (src/public-types.test.ts keeps this list complete).
export type {
  EndpointRefusal,
  McpHttpEndpoint,
  McpServeResult,
  ReplayAgentOptions,
  SessionBudget,
  SessionCaps,
} from './agent/index.js';
export type { McpHttpOptions } from './agent/mcp-http-endpoint.js';
export type { Clock, EndstateErrorOptions, Rng } from './core/index.js';
export type { PastCall, ToolFailure, ToolSpec } from './environment/index.js';
export type {
  AgentMessage,
  ClaimStateInput,
  ConstraintsInput,
  FinalStateView,
  MustNotSayInput,
  OutcomeInput,
  ResponseInput,
  ToolEffectOf,
  TrajectoryInput,
} from './grade/index.js';
export type { DecodingSettings, ModelCaller } from './model/index.js';
export type {
  FailureCaseFile,
  RunJudge,
  TaskValidation,
  TrialOutline,
  TrialRef,
} from './run/index.js';
export type { AgentIsolation } from './sandbox/index.js';
export type {
  FailureVerdict,
  Grade,
  GradedCheck,
  GraderOutput,
  GraderRole,
  ModelUsage,
  RunStatus,
  SandboxSpec,
  Step,
  TrajectoryFile,
  TrialIdentity,
} from './schema/index.js';
export type { FrozenState } from './state/index.js';
export type { MemoryStoreOptions, RunVerification } from './store/index.js';
export type { SqliteStoreOptions } from './store/sqlite-store.js';
export type { AcceptedDrift, LockableSuite, ModuleImporter } from './task/index.js';
export type { RunFaults, TrialInput } from './trial/index.js';
export type {
  UserAnswer,
  UserFactory,
  UserReply,
  UserToolbox,
  UserToolDescriptor,
  UserToolResult,
} from './user/index.js';
export type { McpServeEnding } from './agent/index.js';
export type { ToolOutput } from './environment/index.js';
export type { ToolAccessRule } from './grade/index.js';
export type {
  ModelCallRequest,
  ModelCallResult,
  ModelRecording,
  ModelRefusal,
  Provider,
} from './model/index.js';
export type { ValidationCheck } from './run/index.js';
export type {
  AgentConnection,
  AgentLaunch,
  AgentLaunchRequest,
  AgentNetwork,
  ConnectionListener,
  SandboxLimits,
  SandboxSettings,
  TrialRelay,
} from './sandbox/index.js';
export type {
  Constraint,
  EndpointRefusedEvent,
  ConnectionEvent,
  Expect,
  Fault,
  JudgeValidation,
  RecordedInjection,
  UsageEvent,
  UserSpec,
} from './schema/index.js';
export type { MemoryTables, SealProblem, StoreKey } from './store/index.js';
export type { TaskFingerprint } from './task/index.js';
export type { RecordedCall } from './model/index.js';
export type { RunSeal, TrialSeal } from './store/index.js';
export type { PriceSource, RunPricing } from './schema/index.js';
export type { SealedTrialEntry } from './store/index.js';
