import { EndstateError } from '../core/index.js';

/** What a store was asked to do with a run it does not hold. */
export type RunAction = 'store a trial of' | 'finish';

/** A trial or a close for a run the store does not hold: refused, never dropped. */
export function unknownRunError(runId: string, action: RunAction): EndstateError {
  return new EndstateError('E_RUN_NOT_FOUND', `no run ${runId} in the store to ${action}`, {
    hint: 'A run is created in a store before its trials are stored there: check every process (each worker) opens the store the run was created in.',
  });
}

/** A second run under the id of a stored one: refused, the stored run kept. */
export function duplicateRunError(runId: string): EndstateError {
  return new EndstateError('E_STORE', `run ${runId} is already stored; a run id names one run`, {
    hint: 'Give the new run another id; to go on with the stored run, resume it (--resume).',
  });
}
