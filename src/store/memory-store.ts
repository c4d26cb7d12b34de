import type { RunRecord, TrialRecord } from '../schema/index.js';
import { createSealer } from './create-sealer.js';
import type { RunStore } from './run-store.js';
import { compareTrials } from './run-store.js';
import type { RunSeal, TrialSeal } from './seal-trial.js';
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
  const sealer = createSealer(
    options.key === null ? undefined : (options.key ?? newStoreKey()),
    'the memory store’s key',
  );
  const storedSeals = (runId: string) => {
    const run = runs.get(runId);
    if (run === undefined) return undefined;
    const order = run.record.suite.task_ids;
    const listed = [...(trials.get(runId) ?? [])].sort((a, b) =>
      compareTrials(order)(a.record, b.record),
    );
    return { run: run.record, runSeal: run.seal, trials: listed };
  };
  return {
    createRun(run) {
      runs.set(run.run_id, { record: structuredClone(run), seal: sealer.openRun(run) });
      trials.set(run.run_id, []);
      return Promise.resolve();
    },
    putTrial(trial) {
      if (sealer.isClosed(trial.run_id)) return Promise.resolve();
      const copy = structuredClone(trial);
      trials.get(trial.run_id)?.push({ record: copy, seal: sealer.sealTrial(copy) });
      return Promise.resolve();
    },
    finishRun(runId, status, finishedAt) {
      const closed = sealer.closeRun(runId, () => storedSeals(runId), status, finishedAt);
      const stored = runs.get(runId);
      if (closed !== undefined && stored !== undefined)
        runs.set(runId, { record: closed.run, seal: closed.seal ?? stored.seal });
      return Promise.resolve();
    },
    getRun: (runId) => Promise.resolve(structuredClone(runs.get(runId)?.record)),
    latestRun: () => Promise.resolve(structuredClone([...runs.values()].at(-1)?.record)),
    listRuns: () => Promise.resolve([...runs.values()].map((run) => structuredClone(run.record))),
    listTrials(runId) {
      const listed = storedSeals(runId)?.trials ?? [];
      return Promise.resolve(listed.map((trial) => structuredClone(trial.record)));
    },
    verifyRun(runId) {
      const stored = storedSeals(runId);
      return Promise.resolve(stored === undefined ? undefined : sealer.verify(stored));
    },
    close: () => Promise.resolve(),
  };
}
