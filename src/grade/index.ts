export { evaluateAssertion } from './cel-assertion.js';
export type { AssertionResult } from './cel-assertion.js';
export { checkClaims, recordHoldsAmount, recordMentions } from './check-claims.js';
export type { ClaimStateInput, ClaimVerdict } from './check-claims.js';
export { claimsExtractOf, claimsGrader, gradeClaims, judgeClaims } from './claims-grader.js';
export { isAffirmative } from './consent.js';
export { gradeConstraints } from './constraints.js';
export type { ConstraintsInput, ToolAccessRule, ToolEffectOf } from './constraints.js';
export {
  bindChange,
  checkDeclaredClaims,
  compileTemplate,
  matchTemplate,
  tokenNumber,
} from './declared-claims.js';
export type { DeclaredClaimsInput, TemplateMatch } from './declared-claims.js';
export {
  agentMessages,
  CLAIM_VERBS,
  claimOfSentence,
  extractClaims,
  findAmounts,
  findIds,
  normalizeId,
  splitSentences,
} from './extract-claims.js';
export type { ActionClaim, AgentMessage, ClaimAction } from './extract-claims.js';
export { findBrokenAssertions } from './find-broken-assertions.js';
export type {
  BrokenAssertion,
  FindBrokenAssertionsInput,
  ProbeState,
} from './find-broken-assertions.js';
export { GraderError } from './grader-error.js';
export type { GraderErrorOptions } from './grader-error.js';
export { gradeOutcome } from './outcome.js';
export type { OutcomeInput } from './outcome.js';
export { gradeResponse, isHedgedFact, normalizeForMatch } from './response.js';
export type { ResponseInput } from './response.js';
export { createFinalStateView } from './state-view.js';
export type { FinalStateView } from './state-view.js';
export { toolAttempts } from './tool-attempts.js';
export { typeCheckAssertions } from './type-check-assertions.js';
export type { AssertionTypeError, TypeCheckAssertionsInput } from './type-check-assertions.js';
export type { ToolAttempt } from './tool-attempts.js';
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
export { gradeTrajectory, trajectoryReference } from './trajectory.js';
export type { TrajectoryInput } from './trajectory.js';
export { defineGrader, roleOf } from './grader.js';
export { judgeGrader } from './judge-grader.js';
export { JUDGE_PROMPT_VERSION, buildJudgePrompt, rubricHash } from './judge-prompt.js';
export { parseJudgeReply } from './parse-judge-reply.js';
export type { ParsedJudgeReply } from './parse-judge-reply.js';
export { checkPlan, isStepMatch } from './check-plan.js';
export { MAX_PLAN_STEPS, findPlan, readPlanFromText } from './find-plan.js';
export type { FoundPlan, PlannedStep } from './find-plan.js';
export { matchesPartially } from './matches-partially.js';
export { planAdherence } from './plan-adherence.js';
export type { ExecutedCall, PlanAdherence } from './plan-adherence.js';
export { gradePlan, gradePlanAdherence, planAdherenceGrader, planGrader } from './plan-grader.js';
export { gradeSubgoals, partialGrader } from './partial-grader.js';
export type { SubgoalsInput } from './partial-grader.js';
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
