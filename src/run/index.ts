export type { RunEvent } from './run-events.js';
export { createRunRecord, runSuite } from './run-suite.js';
export type { RunJudge, RunResult, RunSuiteOptions } from './run-suite.js';
export { buildSystemSpec, hashSystemSpec } from './system-spec.js';
export { validateSuite } from './validate-suite.js';
export type { SuiteValidation, TaskValidation, ValidationCheck } from './validate-suite.js';
export { runAttempt } from './run-attempt.js';
export { runCanary } from './canary.js';
export { planAttempts } from './resume-plan.js';
export type { PendingAttempt } from './resume-plan.js';
export { outlineOf } from './trial-outline.js';
export type { TrialOutline } from './trial-outline.js';
export { trajectoryOf } from './trajectory-of.js';
export type { RecordedTrajectory } from './trajectory-of.js';
export { failureCaseFiles, failureCases } from './failure-cases.js';
export type { FailureCase, FailureCaseFile } from './failure-cases.js';
export { regrade } from './regrade.js';
export type { RegradeOptions, RegradeResult, RegradeSummary, TrialRef } from './regrade.js';
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
export { judgeFor, judgeFromSpec, judgedTasks } from './judge-wiring.js';
export { preflightAgent } from './agent-preflight.js';
