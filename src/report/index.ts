export { buildScorecard } from './analysis/build-scorecard.js';
export type { GateMetric } from './gate-metric.js';
export { SCORECARD_GATE_METRICS } from './scorecard-gate-metrics.js';
export { REPORT_SLOTS } from './scorecard-section.js';
export type {
  AnyScorecardSection,
  ReportSlot,
  ScorecardSection,
  SectionInput,
  SectionKey,
  SectionValue,
} from './scorecard-section.js';
export { SCORECARD_SECTIONS } from './sections/index.js';
export { checkComparable } from './analysis/check-comparable.js';
export type { RunTrials } from './analysis/check-comparable.js';
export { comparisonSection } from './analysis/comparison-section.js';
export { compareRuns } from './analysis/compare-runs.js';
export type { CompareRunsOptions } from './analysis/compare-runs.js';
export { GATE_ALPHA } from './analysis/these-tasks-difference.js';
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
export { escapeXml, escapeXmlAttribute } from './rendering/escape-xml.js';
export type { GateVerdict } from './analysis/gate-verdict.js';
export { renderJunit } from './rendering/render-junit.js';
export type { RenderJunitInput } from './rendering/render-junit.js';
export { renderMarkdown } from './rendering/render-markdown.js';
export type { RenderMarkdownInput } from './rendering/render-markdown.js';
export { renderTerminal } from './rendering/render-terminal.js';
export { renderTrial } from './rendering/render-trial.js';
export type { RenderTrialOptions } from './rendering/render-trial.js';
export { buildTrialGrid } from './rendering/build-trial-grid.js';
export { escapeHtml } from './rendering/escape-html.js';
export {
  HTML_REPORT_DATA_SLOT,
  HTML_REPORT_FORMAT,
  HTML_REPORT_IDS,
  TRIAL_FLAGS,
  TRIAL_STATUS,
} from './rendering/html-report-data.js';
export type {
  HtmlReportSection,
  HtmlReportSummary,
  TrialCell,
  TrialStatus,
} from './rendering/html-report-data.js';
export { TRIALS_PER_CHUNK, embedJson, renderHtmlReport } from './rendering/render-html-report.js';
export type { HtmlReportInput } from './rendering/render-html-report.js';
export { renderRunList } from './rendering/render-run-list.js';
export type { RunListInput } from './rendering/render-run-list.js';
export {
  DEFAULT_TASK_GATE,
  GATE_LABEL,
  checkGateLabels,
  gateLabelProblems,
  judgeTasks,
  meetsGate,
} from './analysis/task-gate.js';
export type { TaskGate, TaskVerdict } from './analysis/task-gate.js';
export type { SampleSummary, Scorecard, SliceSummary, TaskSummary } from './scorecard.js';
export type { AgentErrorSummary } from './analysis/agent-error-summary.js';
export { agentErrorKinds, maskErrorMessage } from './analysis/agent-error-groups.js';
export type {
  AgentErrorGroup,
  AgentErrorKinds,
  AgentErrorSource,
} from './analysis/agent-error-groups.js';
export type { CalibrationSummary } from './analysis/calibration-summary.js';
export { summariseRobustness } from './analysis/robustness-summary.js';
export type {
  RobustnessKind,
  RobustnessSummary,
  RobustnessTask,
} from './analysis/robustness-summary.js';
export type { InvalidReason } from './analysis/invalid-reasons.js';
export type { ConstraintSummary, PassTally } from './analysis/constraint-summary.js';
export { summarisePartial } from './analysis/partial-summary.js';
export type { PartialSummary } from './analysis/partial-summary.js';
export { summariseDrift } from './analysis/drift-summary.js';
export type { ChangeDrop, DriftOptions, DriftSummary } from './analysis/drift-summary.js';
export { summariseMemory } from './analysis/memory-summary.js';
export type { MemoryDifference, MemorySummary } from './analysis/memory-summary.js';
export type { SequenceEpisode, SequenceRate, SequenceTrial } from './analysis/sequence-episodes.js';
export type {
  SequenceDifference,
  SequenceDifferenceMethod,
} from './analysis/sequence-difference.js';
export type { RegretFigure, RegretSummary } from './analysis/sequence-regret.js';
export { summariseAssistance } from './analysis/assistance-summary.js';
export type { AssistanceSummary } from './analysis/assistance-summary.js';
export { summarisePlans } from './analysis/plan-summary.js';
export type { PlanRate, PlanSummary, TrialWithGrades } from './analysis/plan-summary.js';
export { CAP_EXIT_REASONS } from './analysis/safety-summary.js';
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
export { injectionVerdict, summariseInjection } from './analysis/injection-summary.js';
export type { InjectionSummary, InjectionVerdict } from './analysis/injection-summary.js';
export { providerErrorGroups, renderProviderErrors } from './analysis/provider-errors.js';
export type { ProviderErrorGroup } from './analysis/provider-errors.js';
export { renderLabelAgreement } from './rendering/render-label-agreement.js';
export {
  describeJudgeValidation,
  judgeValidationStatus,
  judgedRubrics,
} from './analysis/judge-validation-status.js';
export type {
  JudgeValidationStatus,
  JudgedRubric,
  JudgedTrial,
} from './analysis/judge-validation-status.js';
export type { LabelAgreementNames } from './rendering/render-label-agreement.js';
export { proposeFailureLabel } from './analysis/propose-failure-label.js';
export type { FailedTrialView, FailureLabelProposal } from './analysis/propose-failure-label.js';
export { proposeTrialFailureLabel } from './analysis/trial-failure-label.js';
export { summariseFailureLabels } from './analysis/failure-label-summary.js';
export type { FailureLabelSummary, HumanLabelCounts } from './analysis/failure-label-summary.js';
export { failureLabelLines } from './rendering/failure-label-lines.js';
export type { CostSummary } from './analysis/cost-summary.js';
export {
  ATTRIBUTION_RULE,
  DIAGNOSIS_ORDER,
  PASS_ABOVE,
  attributeTask,
  buildDiagnosis,
} from './analysis/build-diagnosis.js';
export type {
  DiagnosedRun,
  Diagnosis,
  DiagnosisStage,
  ModeDifference,
  TaskDiagnosis,
} from './analysis/diagnosis.js';
export { renderDiagnosisTerminal } from './rendering/render-diagnosis-terminal.js';
export { modeLine } from './rendering/mode-line.js';
