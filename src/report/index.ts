export { buildScorecard } from './analysis/build-scorecard.js';
export type { ScorecardOptions } from './analysis/build-scorecard.js';
export { SCORECARD_GATE_METRICS } from './scorecard-gate-metrics.js';
export { checkComparable } from './analysis/check-comparable.js';
export type { RunTrials } from './analysis/check-comparable.js';
export { comparisonSection } from './analysis/comparison-section.js';
export { compareRuns } from './analysis/compare-runs.js';
export type { CompareRunsOptions } from './analysis/compare-runs.js';
export { percentLevel } from './rendering/comparison-figures.js';
export type {
  ComparedRun,
  Comparison,
  ComparisonGate,
  DifferenceMethod,
  ComparisonWeighting,
  Estimand,
  PairedDifference,
  TaskComparison,
  TheseTasksDifference,
  TaskCounts,
  TaskChange,
} from './analysis/comparison.js';
export { renderComparisonMarkdown } from './rendering/render-comparison-markdown.js';
export { renderComparisonTerminal } from './rendering/render-comparison-terminal.js';
export type { GateVerdict } from './analysis/gate-verdict.js';
export { renderJunit } from './rendering/render-junit.js';
export type { RenderJunitInput } from './rendering/render-junit.js';
export { renderMarkdown } from './rendering/render-markdown.js';
export type { RenderMarkdownInput } from './rendering/render-markdown.js';
export { renderTerminal } from './rendering/render-terminal.js';
export type { TerminalOptions } from './rendering/render-terminal.js';
export { renderTrial } from './rendering/render-trial.js';
export { renderHtmlReport } from './rendering/render-html-report.js';
export type { HtmlReportInput } from './rendering/render-html-report.js';
export { renderRunList } from './rendering/render-run-list.js';
export { DEFAULT_TASK_GATE, checkGateLabels, meetsGate } from './analysis/task-gate.js';
export type { SampleSummary, Scorecard, SliceSummary, TaskSummary } from './scorecard.js';
export type { AgentErrorSummary } from './analysis/agent-error-summary.js';
export type {
  AgentErrorGroup,
  AgentErrorKinds,
  AgentErrorSource,
} from './analysis/agent-error-groups.js';
export type { CalibrationSummary } from './analysis/calibration-summary.js';
export type { RobustnessKind, RobustnessSummary } from './analysis/robustness-summary.js';
export type { InvalidReason } from './analysis/invalid-reasons.js';
export type { ConstraintSummary, PassTally } from './analysis/constraint-summary.js';
export type { PartialSummary } from './analysis/partial-summary.js';
export type { ChangeDrop, DriftSummary } from './analysis/drift-summary.js';
export type { MemoryDifference, MemorySummary } from './analysis/memory-summary.js';
export type { SequenceRate } from './analysis/sequence-episodes.js';
export type {
  SequenceDifference,
  SequenceDifferenceMethod,
} from './analysis/sequence-difference.js';
export type { RegretFigure, RegretSummary } from './analysis/sequence-regret.js';
export type { AssistanceSummary } from './analysis/assistance-summary.js';
export type { PlanRate, PlanSummary } from './analysis/plan-summary.js';
export type { SafetyBound, SafetyRate, SafetySummary } from './analysis/safety-summary.js';
export type { AttemptRule, AttemptTally, BlockedAttempts } from './analysis/blocked-attempts.js';
export { summariseFaults } from './analysis/fault-summary.js';
export type {
  FaultEffect,
  FaultSummary,
  SameTaskComparison,
  Tally,
  TasksLeftOut,
} from './analysis/fault-summary.js';
export type { InjectionSummary } from './analysis/injection-summary.js';
export { providerErrorGroups, renderProviderErrors } from './analysis/provider-errors.js';
export { renderLabelAgreement } from './rendering/render-label-agreement.js';
export { judgeValidationStatus, judgedRubrics } from './analysis/judge-validation-status.js';
export type {
  JudgeValidationStatus,
  JudgedRubric,
  JudgedTrial,
} from './analysis/judge-validation-status.js';
export { proposeFailureLabel } from './analysis/propose-failure-label.js';
export type { FailedTrialView, FailureLabelProposal } from './analysis/propose-failure-label.js';
export { summariseFailureLabels } from './analysis/failure-label-summary.js';
export type { FailureLabelSummary, HumanLabelCounts } from './analysis/failure-label-summary.js';
export { failureLabelLines } from './rendering/failure-label-lines.js';
export type { CostSummary } from './analysis/cost-summary.js';
export { buildDiagnosis } from './analysis/build-diagnosis.js';
export type {
  DiagnosedRun,
  Diagnosis,
  DiagnosisStage,
  ModeDifference,
  TaskDiagnosis,
} from './analysis/diagnosis.js';
export { renderDiagnosisTerminal } from './rendering/render-diagnosis-terminal.js';
export { buildBoard } from './analysis/build-board.js';
export type { Board, BoardRun, BoardSafetyRate, BoardSet } from './analysis/board.js';
export type { FrontierStatus } from './analysis/pareto-frontier.js';
export { runSettings, settingDifferences } from './analysis/run-settings.js';
export type {
  RunSettings,
  SandboxSettings,
  SettingDifference,
  SettingName,
} from './analysis/run-settings.js';
export { renderBoardTerminal } from './rendering/render-board-terminal.js';
export { renderBoardMarkdown } from './rendering/render-board-markdown.js';
export { renderBoardHtml } from './rendering/render-board-html.js';
