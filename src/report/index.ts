export { buildScorecard } from './build-scorecard.js';
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
export { checkComparable } from './check-comparable.js';
export type { RunTrials } from './check-comparable.js';
export { comparisonSection } from './comparison-section.js';
export { compareRuns } from './compare-runs.js';
export type { CompareRunsOptions } from './compare-runs.js';
export { GATE_ALPHA } from './these-tasks-difference.js';
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
export { escapeXml, escapeXmlAttribute } from './escape-xml.js';
export type { GateVerdict } from './gate-verdict.js';
export { renderJunit } from './render-junit.js';
export type { RenderJunitInput } from './render-junit.js';
export { renderMarkdown } from './render-markdown.js';
export type { RenderMarkdownInput } from './render-markdown.js';
export { renderTerminal } from './render-terminal.js';
export { renderTrial } from './render-trial.js';
export type { RenderTrialOptions } from './render-trial.js';
export { buildTrialGrid } from './build-trial-grid.js';
export { escapeHtml } from './escape-html.js';
export {
  HTML_REPORT_DATA_SLOT,
  HTML_REPORT_FORMAT,
  HTML_REPORT_IDS,
  TRIAL_FLAGS,
  TRIAL_STATUS,
} from './html-report-data.js';
export type {
  HtmlReportSection,
  HtmlReportSummary,
  TrialCell,
  TrialStatus,
} from './html-report-data.js';
export { TRIALS_PER_CHUNK, embedJson, renderHtmlReport } from './render-html-report.js';
export type { HtmlReportInput } from './render-html-report.js';
export { renderRunList } from './render-run-list.js';
export type { RunListInput } from './render-run-list.js';
export {
  DEFAULT_TASK_GATE,
  GATE_LABEL,
  checkGateLabels,
  gateLabelProblems,
  judgeTasks,
  meetsGate,
} from './task-gate.js';
export type { TaskGate, TaskVerdict } from './task-gate.js';
export type { SampleSummary, Scorecard, SliceSummary, TaskSummary } from './scorecard.js';
export type { AgentErrorSummary } from './agent-error-summary.js';
export { agentErrorKinds, maskErrorMessage } from './agent-error-groups.js';
export type { AgentErrorGroup, AgentErrorKinds, AgentErrorSource } from './agent-error-groups.js';
export type { CalibrationSummary } from './calibration-summary.js';
export { summariseRobustness } from './robustness-summary.js';
export type { RobustnessKind, RobustnessSummary, RobustnessTask } from './robustness-summary.js';
export type { InvalidReason } from './invalid-reasons.js';
export type { ConstraintSummary, PassTally } from './constraint-summary.js';
export { summarisePartial } from './partial-summary.js';
export type { PartialSummary } from './partial-summary.js';
export { summariseDrift } from './drift-summary.js';
export type { ChangeDrop, DriftOptions, DriftSummary } from './drift-summary.js';
export { summariseMemory } from './memory-summary.js';
export type { MemoryDifference, MemorySummary } from './memory-summary.js';
export type { SequenceEpisode, SequenceRate, SequenceTrial } from './sequence-episodes.js';
export type { SequenceDifference, SequenceDifferenceMethod } from './sequence-difference.js';
export type { RegretFigure, RegretSummary } from './sequence-regret.js';
export { summariseAssistance } from './assistance-summary.js';
export type { AssistanceSummary } from './assistance-summary.js';
export { summarisePlans } from './plan-summary.js';
export type { PlanRate, PlanSummary, TrialWithGrades } from './plan-summary.js';
export { CAP_EXIT_REASONS } from './safety-summary.js';
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
export { injectionVerdict, summariseInjection } from './injection-summary.js';
export type { InjectionSummary, InjectionVerdict } from './injection-summary.js';
export { providerErrorGroups, renderProviderErrors } from './provider-errors.js';
export type { ProviderErrorGroup } from './provider-errors.js';
export { renderLabelAgreement } from './render-label-agreement.js';
export {
  describeJudgeValidation,
  judgeValidationStatus,
  judgedRubrics,
} from './judge-validation-status.js';
export type {
  JudgeValidationStatus,
  JudgedRubric,
  JudgedTrial,
} from './judge-validation-status.js';
export type { LabelAgreementNames } from './render-label-agreement.js';
export { proposeFailureLabel } from './propose-failure-label.js';
export type { FailedTrialView, FailureLabelProposal } from './propose-failure-label.js';
export { proposeTrialFailureLabel } from './trial-failure-label.js';
export { summariseFailureLabels } from './failure-label-summary.js';
export type { FailureLabelSummary, HumanLabelCounts } from './failure-label-summary.js';
export { failureLabelLines } from './failure-label-lines.js';
export type { CostSummary } from './cost-summary.js';
export {
  ATTRIBUTION_RULE,
  DIAGNOSIS_ORDER,
  PASS_ABOVE,
  attributeTask,
  buildDiagnosis,
} from './build-diagnosis.js';
export type {
  DiagnosedRun,
  Diagnosis,
  DiagnosisStage,
  ModeDifference,
  TaskDiagnosis,
} from './diagnosis.js';
export { renderDiagnosisTerminal } from './render-diagnosis-terminal.js';
export { modeLine } from './mode-line.js';
