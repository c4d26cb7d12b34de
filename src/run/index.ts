export type { RunEvent } from './run-events.js';
export { createRunRecord, runSuite } from './run-suite.js';
export type { RunJudge, RunRecordInput, RunResult, RunSuiteOptions } from './run-suite.js';
export { buildSystemSpec, hashSystemSpec } from './system-spec.js';
export type { SystemParts } from './system-spec.js';
export { validateSuite } from './validate-suite.js';
export type { SuiteValidation, TaskValidation, ValidationCheck } from './validate-suite.js';
export { runAttempt } from './run-attempt.js';
export { CANARY_LABEL, canaryTasks, runCanary } from './canary.js';
export type { CanaryProblem } from './canary.js';
export { planAttempts } from './resume-plan.js';
export { resumeRefusal } from './resume-check.js';
export type { AttemptPlan, PendingAttempt } from './resume-plan.js';
export type { AttemptInput } from './run-attempt.js';
export { outlineOf } from './trial-outline.js';
export type { TrialOutline } from './trial-outline.js';
export { trajectoryOf, UNSENT_ANSWER } from './trajectory-of.js';
export type { RecordedTrajectory } from './trajectory-of.js';
export {
  CASE_INDEX,
  MERGED_TRAJECTORIES,
  failureCaseFiles,
  failureCases,
} from './failure-cases.js';
export type { FailureCase, FailureCaseFile } from './failure-cases.js';
export { suiteChangedError, suiteChanges } from './suite-changes.js';
export { regrade } from './regrade.js';
export type { RegradeOptions, RegradeResult, RegradeSummary, TrialRef } from './regrade.js';
export { VALIDATION_JUDGE } from './validation-judge.js';
export { planSequenceAttempts } from './resume-plan.js';
export type { PendingSequenceAttempt } from './resume-plan.js';
export { runSequenceJob } from './run-sequence-attempt.js';
export type { SequenceAttemptJob } from './run-sequence-attempt.js';
export { planRun } from './plan-run.js';
export { checkQueuePlayable, playRun } from './play-run.js';
export type { PlayRunOptions, QueuedRun, RunQueue } from './play-run.js';
export type {
  CallerFactory,
  RunModels,
  RunPlan,
  RunPlanContext,
  RunPlanInput,
  RunUsers,
  StoredRun,
} from './run-plan.js';
export {
  judgeFor,
  judgeFromSpec,
  judgeOf,
  judgedTasks,
  tasksWithoutJudge,
} from './judge-wiring.js';
export { selectPlayables } from './select-playables.js';
export type { Playables } from './select-playables.js';
