export { runTrial } from './run-trial.js';
export { trialId } from './trial-record-base.js';
export type { RunFaults, TrialInput } from './run-trial.js';
export { gradeFinalState } from './grade-final-state.js';
export { regradeTrial } from './regrade-trial.js';
export type { RegradedTrial } from './regrade-trial.js';
export { runSequenceAttempt } from './run-sequence.js';
