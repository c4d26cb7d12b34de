/**
 * `endstate/report`: what reads a run's records and reports on them: the
 * scorecard, the comparison of two runs, the diagnosis of failures,
 * proposed failure labels, and their rendering for a terminal, Markdown
 * and JUnit XML. This file lists the public ones by name; `index.ts` is
 * the folder's inner entry for the rest of the library.
 */
export { buildScorecard, renderJunit, renderMarkdown, renderTerminal } from './index.js';
export type {
  RenderJunitInput,
  RenderMarkdownInput,
  Scorecard,
  ScorecardOptions,
  TerminalOptions,
} from './index.js';
export { compareRuns, renderComparisonMarkdown, renderComparisonTerminal } from './index.js';
export { buildDiagnosis, renderDiagnosisTerminal } from './index.js';
export type {
  DiagnosedRun,
  Diagnosis,
  DiagnosisStage,
  ModeDifference,
  TaskDiagnosis,
} from './index.js';
export { proposeFailureLabel, summariseFailureLabels } from './index.js';
export type { FailedTrialView, FailureLabelProposal, FailureLabelSummary } from './index.js';
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
} from './index.js';
// Types named by the signatures above (src/public-types.test.ts keeps this list complete).
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
} from './index.js';
export type { IntervalsByK, RateSummary } from './scorecard.js';
export type {
  BlockedAttempts,
  FaultEffect,
  InjectionSummary,
  JudgedRubric,
  PassTally,
  PlanRate,
  SafetyRate,
} from './index.js';
export type { TaskCounts as ComparedTaskCounts } from './index.js';
export type { AttemptRule, AttemptTally, SafetyBound, SameTaskComparison, Tally } from './index.js';
export type {
  AgentErrorGroup,
  AgentErrorKinds,
  AgentErrorSource,
  CostSummary,
  TasksLeftOut,
} from './index.js';
export {
  buildBoard,
  renderBoardMarkdown,
  renderBoardTerminal,
  runSettings,
  settingDifferences,
} from './index.js';
export type {
  Board,
  BoardRun,
  BoardSafetyRate,
  BoardSet,
  FrontierStatus,
  RunSettings,
  SandboxSettings,
  SettingDifference,
  SettingName,
} from './index.js';
