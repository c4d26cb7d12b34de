import type { RunRecord } from '../schema/index.js';
import { changedColumns, runIndexColumns, trialIndexColumns } from './index-columns.js';
import type { IndexColumns } from './index-columns.js';
import type { WitnessedClose } from './run-ledger.js';
import { orderSealedTrials, sealRun, sealTrial, trialKey } from './seal-trial.js';
import type { RunSeal, SealedTrialEntry, StoredTrial, TrialSeal } from './seal-trial.js';

/** One thing in a stored run that does not match its seals. */
export interface SealProblem {
  /** The trial concerned; absent for the run record or its seal. */
  readonly trial?: { readonly task_id: string; readonly attempt: number; readonly rerun: number };
  readonly message: string;
}

/**
 * What checking a stored run against its seals found.
 * - `sealed`: every record matches; `complete` once the run is closed (its
 *   seal lists its trials, so a removed or added trial would show).
 * - `unsealed`: written before records were sealed: nothing to check.
 * - `unverifiable`: the store's key is missing.
 * - `tampered`: `problems` lists what does not match, run order first.
 */
export type RunVerification =
  | {
      readonly status: 'sealed';
      readonly complete: boolean;
      /**
       * Trials whose own seals hold but that the closed run's seal does not
       * list: stored by endstate after the run was closed (a worker finishing
       * an interrupted run's trial late). `--resume` seals them into the run.
       */
      readonly late?: readonly string[];
    }
  | { readonly status: 'unsealed' }
  | { readonly status: 'unverifiable'; readonly reason: string }
  | { readonly status: 'tampered'; readonly problems: readonly SealProblem[] };

export interface StoredSeals {
  readonly run: RunRecord;
  readonly runSeal: RunSeal | null;
  /** The run's index columns as stored (SQL stores), checked against its record. */
  readonly runColumns?: IndexColumns;
  /**
   * The run's trials as stored (in the record version they were written in:
   * a seal covers the stored form), in the store's listing order, each with
   * its seal (null when none) and, in SQL stores, its index columns.
   */
  readonly trials: readonly {
    readonly record: StoredTrial;
    readonly seal: TrialSeal | null;
    readonly columns?: IndexColumns;
  }[];
}

export interface VerifyRunOptions {
  /** The store's key; undefined when it cannot be read. */
  readonly key: Uint8Array | undefined;
  /** Where the key should be, for the message when it is missing. */
  readonly keyLocation: string;
  /** True for runs the store held before it sealed records (listed with its key). */
  readonly predatesSealing: boolean;
  /**
   * How the store's ledger says the run was last closed: its seal must be
   * that one or a later one (closed again, listing at least as many trials).
   */
  readonly closed?: WitnessedClose | undefined;
}

/** Checks a run's records against the seals written with them (pure: the key is passed in). */
export function verifyRun(stored: StoredSeals, options: VerifyRunOptions): RunVerification {
  const anySeal = stored.runSeal !== null || stored.trials.some((trial) => trial.seal !== null);
  if (options.predatesSealing && !anySeal) return { status: 'unsealed' };
  if (options.key === undefined) {
    return {
      status: 'unverifiable',
      reason: `the store's key (${options.keyLocation}) is missing, so its seals cannot be checked`,
    };
  }
  const key = options.key;
  const problems: SealProblem[] = [];
  const { run, runSeal } = stored;
  if (runSeal === null) {
    problems.push({ message: 'the run has no seal (removed outside endstate)' });
  } else if (sealRun(key, run, null).record_mac !== runSeal.record_mac) {
    problems.push({ message: 'the run record does not match its seal (changed outside endstate)' });
  } else {
    if (sealRun(key, run, runSeal.trials).mac !== runSeal.mac)
      problems.push({
        message: "the run's seal does not match its record (changed outside endstate)",
      });
    // Columns are checked against a record that holds: a changed record is the finding otherwise.
    const changed =
      stored.runColumns === undefined
        ? []
        : changedColumns(runIndexColumns(run), stored.runColumns);
    if (changed.length > 0)
      problems.push({
        message: `the run's index column(s) ${changed.join(', ')} do not match its record (changed outside endstate)`,
      });
  }
  const rolledBack = rolledBackSeal(runSeal, options.closed);
  if (rolledBack !== undefined) problems.push({ message: rolledBack });

  const seen = new Map<string, SealedTrialEntry>();
  const late: string[] = [];
  for (const { record, seal, columns } of stored.trials) {
    const trial = { task_id: record.task_id, attempt: record.attempt, rerun: record.rerun };
    const name = trialKey(trial);
    if (record.run_id !== run.run_id) {
      problems.push({ trial, message: `${name} belongs to run ${record.run_id}` });
      continue;
    }
    if (seen.has(name)) {
      problems.push({ trial, message: `${name} is stored twice (one was added outside endstate)` });
      continue;
    }
    if (seal === null) {
      problems.push({ trial, message: `${name} has no seal (added outside endstate)` });
      continue;
    }
    const expected = sealTrial(key, record);
    if (expected.mac !== seal.mac) {
      const changed = changedFields(expected, seal);
      const every = changed.length === Object.keys(expected.fields).length;
      problems.push({
        trial,
        message:
          `${name} does not match its seal (changed outside endstate)` +
          (every
            ? ': every field differs (its seal was replaced, or made under another key)'
            : changed.length > 0
              ? `: ${changed.join(', ')} changed`
              : ''),
      });
      continue;
    }
    const changedIndex =
      columns === undefined ? [] : changedColumns(trialIndexColumns(record), columns);
    if (changedIndex.length > 0) {
      problems.push({
        trial,
        message: `${name}: its index column(s) ${changedIndex.join(', ')} do not match its record (changed outside endstate)`,
      });
      continue;
    }
    seen.set(name, { ...trial, mac: seal.mac });
  }

  // A closed run's seal lists its trials: every one must still be there, and no other.
  if (runSeal?.trials != null && problems.length === 0) {
    const listed = new Map(runSeal.trials.map((entry) => [trialKey(entry), entry]));
    for (const entry of orderSealedTrials(runSeal.trials)) {
      const found = seen.get(trialKey(entry));
      if (found === undefined)
        problems.push({
          trial: entry,
          message: `${trialKey(entry)} is missing (removed outside endstate)`,
        });
      else if (found.mac !== entry.mac)
        problems.push({
          trial: entry,
          message: `${trialKey(entry)} is not the trial the run was sealed with (replaced outside endstate)`,
        });
    }
    // Sealed with the store's key, so written by endstate: after the run was closed, not outside it.
    for (const name of seen.keys()) if (!listed.has(name)) late.push(name);
  }
  if (problems.length > 0) return { status: 'tampered', problems };
  return {
    status: 'sealed',
    complete: runSeal?.trials != null,
    ...(late.length > 0 ? { late } : {}),
  };
}

/**
 * Why the run's seal is not the one its ledger says it was closed with,
 * nor a later one: it is open again, or lists fewer trials (an older seal
 * put back, hiding trials removed since). Undefined when it holds.
 */
function rolledBackSeal(
  runSeal: RunSeal | null,
  closed: WitnessedClose | undefined,
): string | undefined {
  if (closed === undefined || runSeal === null || runSeal.mac === closed.seal) return undefined;
  const then = `the run was closed ${closed.status} with ${closed.trials} trial(s)`;
  if (runSeal.trials === null)
    return `${then}, and its seal is an open run's (an older seal put back outside endstate)`;
  if (runSeal.trials.length < closed.trials)
    return `${then}, and its seal lists ${runSeal.trials.length} (an older seal put back outside endstate)`;
  return undefined;
}

function changedFields(expected: TrialSeal, stored: TrialSeal): string[] {
  const names = new Set([...Object.keys(expected.fields), ...Object.keys(stored.fields ?? {})]);
  return [...names].filter((name) => expected.fields[name] !== stored.fields?.[name]).sort();
}

/** One line for a verification, for reports: what holds and what does not. */
export function describeVerification(runId: string, verification: RunVerification): string {
  switch (verification.status) {
    case 'sealed': {
      const late = verification.late ?? [];
      if (late.length > 0)
        return `run ${runId}: every record matches its seal, but ${late.length} trial(s) were stored after the run was closed (${late.slice(0, 3).join(', ')}${late.length > 3 ? ', ...' : ''}; a worker finished them late): endstate run --resume ${runId} seals them into the run`;
      return verification.complete
        ? `run ${runId}: every record matches its seal`
        : `run ${runId}: every stored record matches its seal (the run is not closed, so a removed trial would not show)`;
    }
    case 'unsealed':
      return `run ${runId} is unsealed (written before records were sealed): its records cannot be checked`;
    case 'unverifiable':
      return `run ${runId} cannot be verified: ${verification.reason}`;
    case 'tampered': {
      const [first] = verification.problems;
      const more = verification.problems.length - 1;
      return `run ${runId} was changed outside endstate: ${first?.message ?? ''}${more > 0 ? ` (and ${more} more problem(s))` : ''}`;
    }
  }
}
