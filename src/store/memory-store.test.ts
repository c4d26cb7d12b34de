import type { TrialRecord } from '../schema/index.js';
import { createMemoryStore, createMemoryTables } from './memory-store.js';
import type { MemoryTables } from './memory-store.js';
import { describeRunStoreContract } from './run-store.contract.js';
import type { StoreTamper, TrialAt } from './run-store.contract.js';

function memoryTamper(tables: MemoryTables): StoreTamper {
  const rows = (runId: string) => tables.trials.get(runId) ?? [];
  const index = (runId: string, at: TrialAt): number =>
    rows(runId).findIndex(
      ({ record }) =>
        record.task_id === at.task_id &&
        record.attempt === at.attempt &&
        record.rerun === (at.rerun ?? 0),
    );
  return {
    editTrial(runId, at, edit) {
      const row = rows(runId)[index(runId, at)]!;
      row.record = edit(row.record);
      return Promise.resolve();
    },
    deleteTrial(runId, at) {
      rows(runId).splice(index(runId, at), 1);
      return Promise.resolve();
    },
    insertTrial(trial: TrialRecord) {
      rows(trial.run_id).push({ record: trial, seal: null });
      return Promise.resolve();
    },
    swapTrials(runId, a, b) {
      const first = rows(runId)[index(runId, a)]!;
      const second = rows(runId)[index(runId, b)]!;
      [first.seal, second.seal] = [second.seal, first.seal];
      return Promise.resolve();
    },
    editRun(runId, edit) {
      const run = tables.runs.get(runId)!;
      run.record = edit(run.record);
      return Promise.resolve();
    },
    deleteRun(runId) {
      tables.runs.delete(runId);
      tables.trials.delete(runId);
      return Promise.resolve();
    },
    snapshotRun(runId) {
      const kept = structuredClone(tables.runs.get(runId)!);
      return Promise.resolve(() => {
        tables.runs.set(runId, structuredClone(kept));
        return Promise.resolve();
      });
    },
  };
}

describeRunStoreContract(
  'createMemoryStore',
  () => createMemoryStore(),
  () => {
    const tables = createMemoryTables();
    return { store: createMemoryStore({ tables }), tamper: memoryTamper(tables) };
  },
);
