import { EndstateError } from '../core/index.js';
import type { TrialRecord } from '../schema/index.js';

/** Which stored trial `endstate show` prints, and what to say about the choice. */
export interface SelectedTrial {
  readonly trial: TrialRecord;
  /** Said on standard error when the attempt or rerun was chosen, not given. */
  readonly note: string | undefined;
}

/** At most this many names are listed in an error's hint. */
const MAX_LISTED = 20;

const listed = (names: readonly (string | number)[]): string =>
  names.length > MAX_LISTED
    ? `${names.slice(0, MAX_LISTED).join(', ')}, … (${names.length} in all)`
    : names.join(', ');

/** The last try of an attempt: an invalid try is rerun, and the last one is the one that counts. */
const lastTry = (tries: readonly TrialRecord[]): TrialRecord =>
  tries.reduce((last, trial) => (trial.rerun > last.rerun ? trial : last));

/**
 * A run's trial of one task: the given attempt, else the first attempt
 * that did not succeed, else the first; of an attempt, its last rerun
 * unless `rerun` names one. Unknown names are usage errors naming what exists.
 */
export function selectTrial(
  trials: readonly TrialRecord[],
  request: {
    readonly runId: string;
    readonly taskId: string;
    readonly attempt?: number | undefined;
    readonly rerun?: number | undefined;
  },
): SelectedTrial {
  const { runId, taskId } = request;
  const ofTask = trials.filter((trial) => trial.task_id === taskId);
  if (ofTask.length === 0) {
    const tasks = [...new Set(trials.map((trial) => trial.task_id))].sort();
    throw new EndstateError('E_USAGE', `run ${runId} has no trial of task "${taskId}"`, {
      hint:
        tasks.length === 0
          ? 'The run has no stored trial yet.'
          : `Its tasks: ${listed(tasks)}. Pass another run with --run ID.`,
    });
  }
  const byAttempt = new Map<number, TrialRecord[]>();
  for (const trial of ofTask)
    byAttempt.set(trial.attempt, [...(byAttempt.get(trial.attempt) ?? []), trial]);
  const attempts = [...byAttempt.keys()].sort((a, b) => a - b);
  let attempt = request.attempt;
  let note: string | undefined;
  if (attempt === undefined) {
    const failed = attempts.find((at) => !lastTry(byAttempt.get(at)!).success);
    attempt = failed ?? attempts[0]!;
    note =
      failed === undefined
        ? `every attempt of ${taskId} succeeded; showing attempt ${attempt} of ${attempts.length}`
        : `showing attempt ${attempt} of ${attempts.length}, the first that did not succeed (pass an attempt to choose another)`;
  }
  const tries = byAttempt.get(attempt);
  if (tries === undefined) {
    throw new EndstateError(
      'E_USAGE',
      `task "${taskId}" has no attempt ${attempt} in run ${runId}`,
      {
        hint: `Its attempts: ${listed(attempts)}.`,
      },
    );
  }
  if (request.rerun === undefined) {
    const trial = lastTry(tries);
    if (tries.length > 1)
      note = `${note === undefined ? '' : `${note}; `}attempt ${attempt} ran ${tries.length} times (an invalid try is rerun): showing its last, rerun ${trial.rerun} (--rerun N for another)`;
    return { trial, note };
  }
  const trial = tries.find((candidate) => candidate.rerun === request.rerun);
  if (trial === undefined) {
    throw new EndstateError(
      'E_USAGE',
      `attempt ${attempt} of task "${taskId}" has no rerun ${request.rerun} in run ${runId}`,
      {
        hint: `Its reruns: ${listed(tries.map((candidate) => candidate.rerun).sort((a, b) => a - b))}.`,
      },
    );
  }
  return { trial, note };
}
