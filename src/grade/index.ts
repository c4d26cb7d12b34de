export { checkClaims } from './check-claims.js';
export type { ClaimStateInput, ClaimVerdict } from './check-claims.js';
export { claimsGrader } from './claims-grader.js';
export { gradeConstraints } from './constraints.js';
export type { ConstraintsInput, ToolAccessRule, ToolEffectOf } from './constraints.js';
export { evaluateAssertion } from './cel-assertion.js';
export { extractClaims } from './extract-claims.js';
export type { ActionClaim, AgentMessage } from './extract-claims.js';
export { findBrokenAssertions } from './find-broken-assertions.js';
export type { ProbeState } from './find-broken-assertions.js';
export { GraderError } from './grader-error.js';
export { gradeOutcome } from './outcome.js';
export type { OutcomeInput } from './outcome.js';
export { gradeResponse, isHedgedFact } from './response.js';
export type { ResponseInput } from './response.js';
export { createFinalStateView } from './state-view.js';
export type { FinalStateView } from './state-view.js';
export { typeCheckAssertions } from './type-check-assertions.js';
export {
  matchTrajectory,
  redundantCalls,
  trajectoryAnyOrderMatch,
  trajectoryExactMatch,
  trajectoryInOrderMatch,
  trajectoryPrecision,
  trajectoryRecall,
  trajectorySubsetMatch,
  trajectorySupersetMatch,
  unmatchedCalls,
} from './trajectory-match.js';
export type {
  TrajectoryCall,
  TrajectoryMatch,
  TrajectoryMatchOptions,
  UnmatchedCalls,
} from './trajectory-match.js';
export { GRADER_VERSION } from './grader-version.js';
export {
  BUILT_IN_GRADERS,
  constraintsGrader,
  mustNotSayGrader,
  outcomeGrader,
  responseGrader,
  trajectoryGrader,
} from './built-in-graders.js';
export { gradeMustNotSay } from './must-not-say.js';
export type { MustNotSayHit, MustNotSayInput } from './must-not-say.js';
export { gradeTrajectory } from './trajectory.js';
export type { TrajectoryInput } from './trajectory.js';
export { defineGrader, roleOf } from './grader.js';
export { judgeGrader } from './judge-grader.js';
export { JUDGE_PROMPT_VERSION, rubricHash } from './judge-prompt.js';
export { planAdherenceGrader, planGrader } from './plan-grader.js';
export { partialGrader } from './partial-grader.js';
export type {
  GradeContext,
  Grader,
  GraderSpec,
  JudgeCaller,
  JudgeReply,
  JudgeRequest,
} from './grader.js';
export { runGraders } from './run-graders.js';
export type { GradedTrial } from './run-graders.js';
