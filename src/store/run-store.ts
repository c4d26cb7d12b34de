import type { RunRecord, RunStatus, TrialRecord } from '../schema/index.js';
import type { GoneRun } from './gone-run.js';
import type { RunVerification } from './verify-run.js';

/**
 * Where runs and their trials live. Trials are written as they finish, so a
 * killed run keeps every finished trial; every aggregate can be recomputed
 * from what is stored.
 */
export interface RunStore {
  /** Stores a new run; a run id already stored is refused (E_STORE), the stored run kept. */
  createRun(run: RunRecord): Promise<void>;
  /**
   * Stores a trial of a running run. A trial of a run this store has already
   * finished (an interrupted run's trials still in flight) is not stored:
   * the run's seal lists what the store holds, and `--resume` plays it again.
   * A trial of a run the store does not hold is refused (E_RUN_NOT_FOUND).
   * Writes are idempotent by the trial's identity (run, task, attempt,
   * rerun): the first record stored is kept and a later one with the same
   * identity (the same trial played again after its worker was lost) is
   * not stored.
   */
  putTrial(trial: TrialRecord): Promise<void>;
  /**
   * Commit the trials that wait for a group commit now rather than at the
   * next one: the runner calls it when nothing more will be played.
   */
  flush?(): void;
  /** Closes a run and seals it; a run the store does not hold is refused (E_RUN_NOT_FOUND). */
  finishRun(runId: string, status: RunStatus, finishedAt: string): Promise<void>;
  getRun(runId: string): Promise<RunRecord | undefined>;
  /**
   * The most recently created run (by `created_at`; of equal ones, the last
   * stored). `created_at` is the one the store's ledger recorded for a run
   * it lists, else the record's: never a column outside the seal.
   */
  latestRun(): Promise<RunRecord | undefined>;
  /** Every run, oldest `created_at` first (as latestRun; of equal ones, the first stored first). */
  listRuns(): Promise<RunRecord[]>;
  /** Trials of a run with their events, ordered by task order, attempt and rerun. */
  listTrials(runId: string): Promise<TrialRecord[]>;
  /**
   * What a run's stored trials are, without reading the records: enough to
   * tell which attempts are done (a coordinator closing a run of tens of
   * thousands of trials). In no particular order.
   */
  listTrialKeys(runId: string): Promise<StoredTrialKey[]>;
  /**
   * Checks a run's records against the seals the store wrote with them
   * (see verify-run): a record changed, added or removed by anything but
   * the store shows as `tampered`, and so does an index column that no
   * longer matches its record, or a run seal older than the closing the
   * store's ledger recorded. Undefined when there is no such run (a run
   * removed whole is listed by `listGoneRuns`).
   */
  verifyRun(runId: string): Promise<RunVerification | undefined>;
  /**
   * Runs the store's ledger lists (every run created through the store's
   * key, kept beside it) that the store no longer holds, oldest first:
   * removed outside endstate. None without a key.
   */
  listGoneRuns(): Promise<GoneRun[]>;
  close(): Promise<void>;
}

/** A stored trial's identity within its run, and whether it is valid. */
export type StoredTrialKey = Pick<TrialRecord, 'task_id' | 'attempt' | 'rerun' | 'valid'>;

type TrialOrderKey = Pick<TrialRecord, 'task_id' | 'attempt' | 'rerun'>;

/** Orders trials the way a run lists its tasks, then by attempt and rerun. */
export function compareTrials(
  taskOrder: readonly string[],
): (a: TrialOrderKey, b: TrialOrderKey) => number {
  const position = new Map(taskOrder.map((id, index) => [id, index]));
  return (a, b) =>
    (position.get(a.task_id) ?? Infinity) - (position.get(b.task_id) ?? Infinity) ||
    a.task_id.localeCompare(b.task_id) ||
    a.attempt - b.attempt ||
    a.rerun - b.rerun;
}
