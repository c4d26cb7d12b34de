export {
  DEFAULT_MAX_IDENTICAL_CALLS,
  createSession,
  createTrialControl,
  publicTaskView,
} from './create-session.js';
export type { SessionOptions, TrialControl } from './create-session.js';
export { runTrial, trialId } from './run-trial.js';
export type { TrialInput } from './run-trial.js';
export { isValidTerminal, terminalReason } from './terminal-reason.js';
