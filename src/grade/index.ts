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
export { gradeResponse, normalizeForMatch } from './response.js';
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
} from './trajectory-match.js';
export type {
  TrajectoryCall,
  TrajectoryMatch,
  TrajectoryMatchOptions,
} from './trajectory-match.js';
export { GRADER_VERSION } from './grader-version.js';
export {
  BUILT_IN_GRADERS,
  constraintsGrader,
  outcomeGrader,
  responseGrader,
} from './built-in-graders.js';
export { defineGrader, roleOf } from './grader.js';
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
