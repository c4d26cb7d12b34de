export {
  DEFAULT_MAX_IDENTICAL_CALLS,
  createSession,
  createTrialControl,
  publicTaskView,
} from './create-session.js';
export type { SessionOptions, TrialControl } from './create-session.js';
export { runTrial } from './run-trial.js';
export { trialId } from './trial-record-base.js';
export type { RunFaults, TrialInput } from './run-trial.js';
export { isValidTerminal, terminalReason } from './terminal-reason.js';
export { verdictOf } from './verdict-of.js';
export type { TrialVerdict, VerdictFields, VerdictInput } from './verdict-of.js';
export { gradeFinalState } from './grade-final-state.js';
export type { FinalStateInput } from './grade-final-state.js';
export { gradersOf } from './grade-final-state.js';
export { environmentSeed } from './environment-seed.js';
export { applyStoredDiff, rebuildFinalState, replayFinalState } from './rebuild-final-state.js';
export type { RebuiltState } from './rebuild-final-state.js';
export { regradeTrial } from './regrade-trial.js';
export type { RegradeTrialInput, RegradedTrial } from './regrade-trial.js';
export { runSequenceAttempt } from './run-sequence.js';
export type { SequenceAttemptInput } from './run-sequence.js';
export { runTrialKeepingState } from './run-trial.js';
export { createSessionChain } from './session-chain.js';
export type { SessionChain, SessionLink } from './session-chain.js';
