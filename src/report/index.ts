export { buildScorecard } from './build-scorecard.js';
export { checkComparable } from './check-comparable.js';
export type { RunTrials } from './check-comparable.js';
export { comparisonSection } from './comparison-section.js';
export { compareRuns } from './compare-runs.js';
export type { CompareRunsOptions } from './compare-runs.js';
export { percentLevel } from './comparison-figures.js';
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
} from './comparison.js';
export { renderComparisonMarkdown } from './render-comparison-markdown.js';
export { renderComparisonTerminal } from './render-comparison-terminal.js';
export type { GateVerdict } from './gate-verdict.js';
export { renderJunit } from './render-junit.js';
export type { RenderJunitInput } from './render-junit.js';
export { renderMarkdown } from './render-markdown.js';
export type { RenderMarkdownInput } from './render-markdown.js';
export { renderTerminal } from './render-terminal.js';
export { renderTrial } from './render-trial.js';
export { renderHtmlReport } from './render-html-report.js';
export type { HtmlReportInput } from './render-html-report.js';
export { renderRunList } from './render-run-list.js';
export { DEFAULT_TASK_GATE, checkGateLabels, meetsGate } from './task-gate.js';
export type { SampleSummary, Scorecard, SliceSummary, TaskSummary } from './scorecard.js';
export type { AgentErrorSummary } from './agent-error-summary.js';
export type { AgentErrorGroup, AgentErrorKinds, AgentErrorSource } from './agent-error-groups.js';
export type { CalibrationSummary } from './calibration-summary.js';
export type { RobustnessKind, RobustnessSummary } from './robustness-summary.js';
export type { InvalidReason } from './invalid-reasons.js';
export type { ConstraintSummary, PassTally } from './constraint-summary.js';
export type { PartialSummary } from './partial-summary.js';
export type { ChangeDrop, DriftSummary } from './drift-summary.js';
export type { MemoryDifference, MemorySummary } from './memory-summary.js';
export type { SequenceRate } from './sequence-episodes.js';
export type { SequenceDifference, SequenceDifferenceMethod } from './sequence-difference.js';
export type { RegretFigure, RegretSummary } from './sequence-regret.js';
export type { AssistanceSummary } from './assistance-summary.js';
export type { PlanRate, PlanSummary } from './plan-summary.js';
export type { SafetyBound, SafetyRate, SafetySummary } from './safety-summary.js';
export type { AttemptRule, AttemptTally, BlockedAttempts } from './blocked-attempts.js';
export { summariseFaults } from './fault-summary.js';
export type {
  FaultEffect,
  FaultSummary,
  SameTaskComparison,
  Tally,
  TasksLeftOut,
} from './fault-summary.js';
export type { InjectionSummary } from './injection-summary.js';
export { providerErrorGroups, renderProviderErrors } from './provider-errors.js';
export { renderLabelAgreement } from './render-label-agreement.js';
export { judgeValidationStatus, judgedRubrics } from './judge-validation-status.js';
export type {
  JudgeValidationStatus,
  JudgedRubric,
  JudgedTrial,
} from './judge-validation-status.js';
export { proposeFailureLabel } from './propose-failure-label.js';
export type { FailedTrialView, FailureLabelProposal } from './propose-failure-label.js';
export { summariseFailureLabels } from './failure-label-summary.js';
export type { FailureLabelSummary, HumanLabelCounts } from './failure-label-summary.js';
export { failureLabelLines } from './failure-label-lines.js';
export type { CostSummary } from './cost-summary.js';
export { buildDiagnosis } from './build-diagnosis.js';
export type {
  DiagnosedRun,
  Diagnosis,
  DiagnosisStage,
  ModeDifference,
  TaskDiagnosis,
} from './diagnosis.js';
export { renderDiagnosisTerminal } from './render-diagnosis-terminal.js';
