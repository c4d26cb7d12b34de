/**
 * endstate: evaluate tool-using AI agents by the state they leave behind.
 * The library entry re-exports by name; see docs/ for the architecture.
 */
export { EndstateError, canonicalJson, hashJson } from './core/index.js';
/** The zod that endstate's schemas use: tool inputs written with it always match. */
export { z } from 'zod';
export type { ErrorCode, JsonObject, JsonValue, Problem } from './core/index.js';
export { defineEnvironment, defineTool, describeTool, toolError } from './environment/index.js';
export type {
  Environment,
  EnvironmentSpec,
  Outbox,
  OutboxMessage,
  PastCall,
  ToolCallResult,
  ToolContext,
  ToolDefinition,
  ToolDescriptor,
  ToolEffect,
  ToolFailure,
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
  Suite,
  SuiteLockStatus,
  Task,
} from './task/index.js';
export {
  SLIP_KINDS,
  TrialStoppedError,
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
  AgentResult,
  AgentSession,
  AgentSpec,
  CommandAgentOptions,
  LlmAgentOptions,
  McpAgentOptions,
  McpServerAgentOptions,
  SessionBudget,
  SimulatedAgentOptions,
  SlipKind,
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
  clusteredWilsonInterval,
  cohensKappa,
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
  successRateInterval,
  suitePassK,
  suitePassKIntervals,
  wilsonInterval,
} from './stats/index.js';
export type {
  BoundedMeanInterval,
  CalibrationError,
  ClusteredUpperBound,
  ClusteredWilsonInterval,
  CohensKappa,
  DifferenceSampleSize,
  EceUpperBound,
  IntraTaskCorrelation,
  SampleSize,
  SampleSizeTarget,
  SuccessRateInterval,
  SuitePassKIntervals,
  WidthSampleSize,
} from './stats/index.js';
export type { McNemarTest, PairedTTest, SignFlipTest } from './stats/index.js';
export type {
  BinomialCounts,
  BoschlooExactTest,
  FisherExactTest,
  HoeffdingInterval,
  HoeffdingIntervalInput,
  SignFlipInterval,
  SignFlipIntervalOptions,
} from './stats/index.js';
export { runTrial } from './trial/index.js';
export { runSuite, validateSuite } from './run/index.js';
export type { RunEvent, RunResult, RunSuiteOptions, SuiteValidation } from './run/index.js';
export { failureCaseFiles, failureCases, regrade, trajectoryOf } from './run/index.js';
export type {
  FailureCase,
  RecordedTrajectory,
  RegradeOptions,
  RegradeResult,
  RegradeSummary,
} from './run/index.js';
export { createMemoryStore, openSqliteStore } from './store/index.js';
export type { RunStore } from './store/index.js';
export { buildScorecard, renderJunit, renderMarkdown, renderTerminal } from './report/index.js';
export type { RenderJunitInput, RenderMarkdownInput, Scorecard } from './report/index.js';
export { compareRuns, renderComparisonMarkdown, renderComparisonTerminal } from './report/index.js';
export { proposeFailureLabel, summariseFailureLabels } from './report/index.js';
export type { FailedTrialView, FailureLabelProposal, FailureLabelSummary } from './report/index.js';
export { FAILURE_LABELS, FAILURE_LABEL_RULES } from './schema/index.js';
export type { FailureLabel, StoredFailureLabel } from './schema/index.js';
export type {
  Comparison,
  CompareRunsOptions,
  DifferenceMethod,
  PairedDifference,
  RunTrials,
  TaskChange,
} from './report/index.js';
export type {
  Check,
  ExitReason,
  MustNotSayRule,
  RunRecord,
  SuiteLock,
  SystemSpec,
  TaskFile,
  TerminalReason,
  TrajectorySpec,
  TrialEvent,
  TrialRecord,
} from './schema/index.js';
