/**
 * endstate: evaluate tool-using AI agents by the state they leave behind.
 * The library entry re-exports by name; see docs/ for the architecture.
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
export {
  boschlooExactTest,
  boundedMeanInterval,
  clopperPearsonInterval,
  clopperPearsonUpperBound,
  clusterBootstrapInterval,
  clusterRatioBootstrapInterval,
  clusteredUpperBound,
  taskMeanInterval,
  cohensKappa,
  clusteredCohensKappa,
  eceUpperBound,
  expectedCalibrationError,
  fisherExactTest,
  hoeffdingInterval,
  holmAdjustedPValues,
  intraTaskCorrelation,
  mcnemarExact,
  pairedTTest,
  passAtK,
  passHatK,
  sampleSize,
  signFlipInterval,
  signFlipPermutationTest,
  stratifiedDifferenceInterval,
  stratifiedPermutationTest,
  successRateInterval,
  suitePassK,
  suitePassKIntervals,
  weightedPairedTTest,
  wilsonInterval,
} from './stats/index.js';
export type {
  BoundedMeanInterval,
  CalibrationError,
  ClusteredUpperBound,
  TaskMeanInterval,
  AgreementCluster,
  CohensKappa,
  ClusteredCohensKappa,
  ClusteredCohensKappaOptions,
  DifferenceSampleSize,
  EceUpperBound,
  IntraTaskCorrelation,
  SampleSize,
  SampleSizeTarget,
  SuccessRateInterval,
  SuitePassKIntervals,
  WidthSampleSize,
} from './stats/index.js';
export type { McNemarTest, PairedTTest, SignFlipTest, WeightedPairedTTest } from './stats/index.js';
export type {
  BinomialCounts,
  BoschlooExactTest,
  FisherExactTest,
  HoeffdingInterval,
  HoeffdingIntervalInput,
  SignFlipInterval,
  SignFlipIntervalOptions,
  StratifiedDifferenceInterval,
  StratifiedDifferenceIntervalOptions,
  StratifiedPermutationMethod,
  StratifiedPermutationOptions,
  StratifiedPermutationTest,
  StratumCounts,
} from './stats/index.js';
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
export { buildScorecard, renderJunit, renderMarkdown, renderTerminal } from './report/index.js';
export type { RenderJunitInput, RenderMarkdownInput, Scorecard } from './report/index.js';
export { compareRuns, renderComparisonMarkdown, renderComparisonTerminal } from './report/index.js';
export { buildDiagnosis, renderDiagnosisTerminal } from './report/index.js';
export type {
  DiagnosedRun,
  Diagnosis,
  DiagnosisStage,
  ModeDifference,
  TaskDiagnosis,
} from './report/index.js';
export { proposeFailureLabel, summariseFailureLabels } from './report/index.js';
export type { FailedTrialView, FailureLabelProposal, FailureLabelSummary } from './report/index.js';
export { FAILURE_LABELS, FAILURE_LABEL_RULES } from './schema/index.js';
export type { FailureLabel, StoredFailureLabel } from './schema/index.js';
export type {
  Comparison,
  CompareRunsOptions,
  ComparisonGate,
  DifferenceMethod,
  ComparisonWeighting,
  Estimand,
  PairedDifference,
  TheseTasksDifference,
  RunTrials,
  TaskChange,
} from './report/index.js';
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
  AgentErrorSummary,
  CalibrationSummary,
  ComparedRun,
  ChangeDrop,
  ConstraintSummary,
  DriftSummary,
  FaultSummary,
  GateVerdict,
  HumanLabelCounts,
  InvalidReason,
  JudgeValidationStatus,
  MemoryDifference,
  MemorySummary,
  PartialSummary,
  AssistanceSummary,
  PlanSummary,
  RegretFigure,
  RegretSummary,
  RobustnessKind,
  RobustnessSummary,
  SafetySummary,
  SampleSummary,
  SequenceDifference,
  SequenceDifferenceMethod,
  SequenceRate,
  SliceSummary,
  TaskComparison,
  TaskSummary,
} from './report/index.js';
export type { IntervalsByK, RateSummary } from './report/scorecard.js';
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
export type {
  BoundedMeanIntervalOptions,
  ClusterBootstrapInterval,
  ClusterBootstrapOptions,
  ClusterRatioBootstrapInterval,
  ClusterRatioBootstrapOptions,
  ClusteredUpperBoundOptions,
  TaskMeanMethod,
  TaskMeanIntervalOptions,
  ConfidencePrediction,
  DesignEffectSource,
  DifferenceTarget,
  EceUpperBoundMethod,
  EceUpperBoundOptions,
  IntraTaskCorrelationStatus,
  PairedTTestOptions,
  PassKInterval,
  ProportionInterval,
  RatioCluster,
  ReliabilityBin,
  SignFlipMethod,
  SignFlipOptions,
  SuccessCounts,
  SuccessRateIntervalOptions,
  SuitePassK,
  TaskCounts,
  TaskEventCounts,
  TaskTrialCounts,
  TrialCluster,
  WidthTarget,
} from './stats/index.js';
export type { ResolvedBase } from './stats/sample-size.js';
export type { MemoryStoreOptions, RunVerification } from './store/index.js';
export type { SqliteStoreOptions } from './store/sqlite-store.js';
export type { AcceptedDrift, LockableSuite, ModuleImporter } from './task/index.js';
export type { RunFaults, TrialInput } from './trial/index.js';
export type { UserAnswer, UserFactory, UserReply } from './user/index.js';
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
export type {
  BlockedAttempts,
  FaultEffect,
  InjectionSummary,
  JudgedRubric,
  PassTally,
  PlanRate,
  SafetyRate,
} from './report/index.js';
export type { TaskCounts as ComparedTaskCounts } from './report/index.js';
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
export type { ClusterBootstrapMethod, ClusterRatioBootstrapMethod } from './stats/index.js';
export type { SampleSizeBase } from './stats/sample-size.js';
export type { MemoryTables, SealProblem, StoreKey } from './store/index.js';
export type { TaskFingerprint } from './task/index.js';
export type { RecordedCall } from './model/index.js';
export type {
  AttemptRule,
  AttemptTally,
  SafetyBound,
  SameTaskComparison,
  Tally,
} from './report/index.js';
export type { RunSeal, TrialSeal } from './store/index.js';
export type {
  AgentErrorGroup,
  AgentErrorKinds,
  AgentErrorSource,
  CostSummary,
  TasksLeftOut,
} from './report/index.js';
export type { PriceSource, RunPricing } from './schema/index.js';
export type { SealedTrialEntry } from './store/index.js';
