import type { RunRecord, TrialRecord } from '../schema/index.js';
import { createSealer } from './create-sealer.js';
import { orderRuns } from './order-runs.js';
import { createMemoryLedger } from './run-ledger.js';
import type { RunStore } from './run-store.js';
import { compareTrials } from './run-store.js';
import type { RunSeal, TrialSeal } from './seal-trial.js';
import { duplicateRunError, unknownRunError } from './store-errors.js';
import { newStoreKey } from './store-key.js';
import type { StoreKey } from './store-key.js';

/** What a memory store holds: runs and trials with their seals. */
export interface MemoryTables {
  readonly runs: Map<string, { record: RunRecord; seal: RunSeal | null }>;
  readonly trials: Map<string, { record: TrialRecord; seal: TrialSeal | null }[]>;
}

export interface MemoryStoreOptions {
  /** The maps to keep records in (default: new ones); tests pass their own to alter records behind the store's back. */
  readonly tables?: MemoryTables;
  /** The sealing key (default: a fresh random one); null for none. */
  readonly key?: StoreKey | null;
}

export function createMemoryTables(): MemoryTables {
  return { runs: new Map(), trials: new Map() };
}

/** A store in memory: for tests and for runs that need no history. */
export function createMemoryStore(options: MemoryStoreOptions = {}): RunStore {
  const { runs, trials } = options.tables ?? createMemoryTables();
  const key = options.key === null ? undefined : (options.key ?? newStoreKey());
  const sealer = createSealer(key, 'the memory store’s key', {
    ledger: key === undefined ? undefined : createMemoryLedger(key.key),
  });
  const storedSeals = (runId: string) => {
    const run = runs.get(runId);
    if (run === undefined) return undefined;
    const order = run.record.suite.task_ids;
    const listed = [...(trials.get(runId) ?? [])].sort((a, b) =>
      compareTrials(order)(a.record, b.record),
    );
    return { run: run.record, runSeal: run.seal, trials: listed };
  };
  /** Runs by creation time, then in the order they were stored (as the SQLite store lists them). */
  const runsInOrder = (): RunRecord[] =>
    orderRuns(
      [...runs.values()].map((run) => run.record),
      sealer.witnessed(),
    );
  const isStored = (trial: TrialRecord): boolean =>
    sealer.hasTrial(trial) ||
    (trials.get(trial.run_id) ?? []).some(
      ({ record }) =>
        record.task_id === trial.task_id &&
        record.attempt === trial.attempt &&
        record.rerun === trial.rerun,
    );
  return {
    async createRun(run) {
      if (runs.has(run.run_id)) throw duplicateRunError(run.run_id);
      runs.set(run.run_id, { record: structuredClone(run), seal: sealer.openRun(run) });
      trials.set(run.run_id, []);
      await sealer.witnessCreated(run, () =>
        Promise.resolve([...runs.values()].map((other) => other.record)),
      );
    },
    putTrial(trial) {
      const stored = trials.get(trial.run_id);
      if (!runs.has(trial.run_id) || stored === undefined)
        return Promise.reject(unknownRunError(trial.run_id, 'store a trial of'));
      // The first record of a trial is kept: a trial played again (its worker was lost) is not stored twice.
      if (sealer.isClosed(trial.run_id) || isStored(trial)) return Promise.resolve();
      const copy = structuredClone(trial);
      const seal = sealer.sealTrial(copy);
      sealer.recordTrial(copy, seal);
      stored.push({ record: copy, seal });
      return Promise.resolve();
    },
    finishRun(runId, status, finishedAt) {
      const closed = sealer.closeRun(runId, () => storedSeals(runId), status, finishedAt);
      const stored = runs.get(runId);
      if (closed === undefined || stored === undefined)
        return Promise.reject(unknownRunError(runId, 'finish'));
      runs.set(runId, { record: closed.run, seal: closed.seal ?? stored.seal });
      if (closed.seal) sealer.witnessClosed(closed.run, closed.seal);
      return Promise.resolve();
    },
    getRun: (runId) => Promise.resolve(structuredClone(runs.get(runId)?.record)),
    latestRun: () => Promise.resolve(structuredClone(runsInOrder().at(-1))),
    listRuns: () => Promise.resolve(runsInOrder().map((run) => structuredClone(run))),
    listTrials(runId) {
      const listed = storedSeals(runId)?.trials ?? [];
      return Promise.resolve(listed.map((trial) => structuredClone(trial.record)));
    },
    listTrialKeys(runId) {
      const listed = storedSeals(runId)?.trials ?? [];
      return Promise.resolve(
        listed.map(({ record }) => ({
          task_id: record.task_id,
          attempt: record.attempt,
          rerun: record.rerun,
          valid: record.valid,
        })),
      );
    },
    verifyRun(runId) {
      const stored = storedSeals(runId);
      return Promise.resolve(stored === undefined ? undefined : sealer.verify(stored));
    },
    listGoneRuns: () => Promise.resolve(sealer.goneRuns(runs.keys())),
    close: () => Promise.resolve(),
  };
}
