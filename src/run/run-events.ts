import type { RunRecord } from '../schema/index.js';
import type { TrialOutline } from './trial-outline.js';

/** What a run tells its observers (progress bars, logs); the runner knows no reporter. */
export type RunEvent =
  | {
      readonly type: 'run-start';
      readonly run: RunRecord;
      readonly plannedTrials: number;
      /** Attempts a resumed run had already stored (0 for a new run). */
      readonly alreadyDone: number;
      /** Of the trial records a resumed run had stored: the successes and the invalid ones. */
      readonly stored: { readonly successes: number; readonly invalid: number };
    }
  | {
      readonly type: 'trial-end';
      readonly trial: TrialOutline;
      /** Attempts finished with a final (valid or exhausted) record. */
      readonly completed: number;
      readonly plannedTrials: number;
      /** True when an invalid trial will be rerun. */
      readonly willRerun: boolean;
    }
  | { readonly type: 'run-end'; readonly run: RunRecord };
