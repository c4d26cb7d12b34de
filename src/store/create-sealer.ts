import type { RunRecord, RunStatus, TrialRecord } from '../schema/index.js';
import { goneRuns } from './gone-run.js';
import type { GoneRun } from './gone-run.js';
import type { LedgerEntry, RunLedger, WitnessedRun } from './run-ledger.js';
import { sealRun, sealTrial, trialKey } from './seal-trial.js';
import type { RunSeal, SealedTrialEntry, TrialSeal } from './seal-trial.js';
import type { StoreKey } from './store-key.js';
import { verifyRun } from './verify-run.js';
import type { RunVerification, StoredSeals } from './verify-run.js';

/** A stored run as the ledger needs it when it starts beside a store that already holds runs. */
export interface RunStamp {
  readonly run_id: string;
  readonly created_at: string;
}

/**
 * A store's sealing, whatever holds the records: it seals what this store
 * writes and remembers it, so closing a run seals the records this process
 * wrote, not whatever the store holds then (a trial removed behind its back
 * stays listed in the run's seal, and shows as missing). With a ledger it
 * also keeps, out of the store's reach, which runs the store held and how
 * each was last closed, so a run removed whole shows as gone and an older
 * seal put back shows too.
 */
export interface Sealer {
  /** The key; undefined when the store's key file is missing (nothing is sealed). */
  readonly key: StoreKey | undefined;
  openRun(run: RunRecord): RunSeal | null;
  /** The trial's seal (null without a key); nothing is remembered until `recordTrial`. */
  sealTrial(trial: TrialRecord): TrialSeal | null;
  /**
   * Remembers a trial this process stored, for the run's seal; the first
   * of a trial's identity (run, task, attempt, rerun) is kept.
   */
  recordTrial(trial: TrialRecord, seal: TrialSeal | null): void;
  /** True when this process has stored a trial of this identity (see recordTrial). */
  hasTrial(trial: TrialRecord): boolean;
  /**
   * The run record and seal to store when the run is closed with `status`
   * (undefined: no such run; `load` reads it only when this process did not
   * create it, e.g. a resumed run); `seal` is undefined when the stored record no longer matches its seal
   * and this process did not write it (the old seal is kept, so it shows).
   */
  closeRun(
    runId: string,
    load: () => StoredSeals | undefined,
    status: RunStatus,
    finishedAt: string,
  ): { run: RunRecord; seal: RunSeal | null | undefined } | undefined;
  verify(stored: StoredSeals): RunVerification;
  /**
   * True once this process has closed the run: a trial that finishes after
   * (an interrupted run's trials still in flight) is not stored, so the
   * run's seal lists exactly what the store holds; `--resume` plays it again.
   */
  isClosed(runId: string): boolean;
  /**
   * Lists a run the store has just stored in the ledger; a ledger started
   * now first lists `stored()`, the runs the store held before.
   */
  witnessCreated(run: RunRecord, stored: () => Promise<readonly RunStamp[]>): Promise<void>;
  /** Lists a closing the store has just stored (its record and seal) in the ledger. */
  witnessClosed(run: RunRecord, seal: RunSeal): void;
  /** The runs the ledger lists (none without one), read afresh. */
  witnessed(): ReadonlyMap<string, WitnessedRun>;
  /** The runs the ledger lists that are not among `storedIds`, oldest first. */
  goneRuns(storedIds: Iterable<string>): GoneRun[];
}

export interface SealerOptions {
  /**
   * Other processes write trials of this process's runs too (a store shared
   * by workers): closing a run also seals the stored trials whose seals
   * hold, not only the ones this process wrote.
   */
  readonly sharedWriters?: boolean;
  /** Where runs created and closed are witnessed (see RunLedger); none without a key. */
  readonly ledger?: RunLedger | undefined;
}

const createdEntry = (type: 'run-seen' | 'run-created', run: RunStamp): LedgerEntry => ({
  type,
  run_id: run.run_id,
  created_at: run.created_at,
});

export function createSealer(
  key: StoreKey | undefined,
  keyLocation: string,
  options: SealerOptions = {},
): Sealer {
  const ledger = key === undefined ? undefined : options.ledger;
  const created = new Map<string, RunRecord>();
  const written = new Map<string, Map<string, SealedTrialEntry>>();
  const closed = new Set<string>();
  /** The stored trials of a run whose seals hold, beside those this process wrote. */
  const withStoredTrials = (
    runId: string,
    stored: StoredSeals,
    signingKey: StoreKey,
  ): SealedTrialEntry[] => {
    const entries = new Map<string, SealedTrialEntry>(written.get(runId));
    for (const { record, seal } of stored.trials) {
      const name = trialKey(record);
      if (entries.has(name) || seal === null || record.run_id !== runId) continue;
      if (sealTrial(signingKey.key, record).mac === seal.mac)
        entries.set(name, {
          task_id: record.task_id,
          attempt: record.attempt,
          rerun: record.rerun,
          mac: seal.mac,
        });
    }
    return [...entries.values()];
  };
  return {
    key,
    openRun(run) {
      if (key === undefined) return null;
      created.set(run.run_id, structuredClone(run));
      written.set(run.run_id, new Map());
      return sealRun(key.key, run, null);
    },
    sealTrial: (trial) => (key === undefined ? null : sealTrial(key.key, trial)),
    recordTrial(trial, seal) {
      const entry = { task_id: trial.task_id, attempt: trial.attempt, rerun: trial.rerun };
      let forRun = written.get(trial.run_id);
      if (forRun === undefined) {
        forRun = new Map<string, SealedTrialEntry>();
        written.set(trial.run_id, forRun);
      }
      const name = trialKey(entry);
      if (!forRun.has(name)) forRun.set(name, { ...entry, mac: seal?.mac ?? '' });
    },
    hasTrial: (trial) => written.get(trial.run_id)?.has(trialKey(trial)) ?? false,
    closeRun(runId, load, status, finishedAt) {
      closed.add(runId);
      const base = created.get(runId);
      if (key !== undefined && base !== undefined) {
        // This process made the run: it seals what it wrote, whatever the store holds now
        // (and, when other processes write its trials too, what they stored under this key).
        const run: RunRecord = { ...base, status, finished_at: finishedAt };
        created.set(runId, run);
        const stored = options.sharedWriters === true ? load() : undefined;
        const entries =
          stored === undefined
            ? [...(written.get(runId)?.values() ?? [])]
            : withStoredTrials(runId, stored, key);
        return { run, seal: sealRun(key.key, run, entries) };
      }
      const stored = load();
      if (stored === undefined) return undefined;
      const trusted =
        key !== undefined &&
        (stored.runSeal === null
          ? key.unsealedRuns.has(runId) // a run from before sealing, resumed: sealed from now on
          : sealRun(key.key, stored.run, null).record_mac === stored.runSeal.record_mac);
      const run: RunRecord = { ...stored.run, status, finished_at: finishedAt };
      if (key === undefined) return { run, seal: null };
      if (!trusted) return { run, seal: undefined };
      // A resumed run: what this process wrote, and the stored trials whose seals hold.
      return { run, seal: sealRun(key.key, run, withStoredTrials(runId, stored, key)) };
    },
    isClosed: (runId) => closed.has(runId),
    verify: (stored) =>
      verifyRun(stored, {
        key: key?.key,
        keyLocation,
        predatesSealing: key?.unsealedRuns.has(stored.run.run_id) ?? false,
        closed: ledger?.read().get(stored.run.run_id)?.closed,
      }),
    async witnessCreated(run, stored) {
      if (ledger === undefined) return;
      const start = ledger.exists()
        ? []
        : (await stored())
            .filter((other) => other.run_id !== run.run_id)
            .map((other) => createdEntry('run-seen', other));
      ledger.append([createdEntry('run-created', run)], start);
    },
    witnessClosed(run, seal) {
      if (ledger === undefined || seal.trials === null) return;
      ledger.append([
        {
          type: 'run-closed',
          run_id: run.run_id,
          created_at: run.created_at,
          status: run.status,
          trials: seal.trials.length,
          seal: seal.mac,
        },
      ]);
    },
    witnessed: () => ledger?.read() ?? new Map(),
    goneRuns: (storedIds) =>
      ledger === undefined ? [] : goneRuns(ledger.read(), new Set(storedIds)),
  };
}
