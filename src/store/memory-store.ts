import type { RunRecord, TrialRecord } from '../schema/index.js';
import type { RunStore } from './run-store.js';
import { compareTrials } from './run-store.js';

/** A store in memory: for tests and for runs that need no history. */
export function createMemoryStore(): RunStore {
  const runs = new Map<string, RunRecord>();
  const trials = new Map<string, TrialRecord[]>();
  return {
    createRun(run) {
      runs.set(run.run_id, structuredClone(run));
      trials.set(run.run_id, []);
      return Promise.resolve();
    },
    putTrial(trial) {
      trials.get(trial.run_id)?.push(structuredClone(trial));
      return Promise.resolve();
    },
    finishRun(runId, status, finishedAt) {
      const run = runs.get(runId);
      if (run !== undefined) runs.set(runId, { ...run, status, finished_at: finishedAt });
      return Promise.resolve();
    },
    getRun: (runId) =>
      Promise.resolve(runs.has(runId) ? structuredClone(runs.get(runId)) : undefined),
    latestRun: () => Promise.resolve([...runs.values()].at(-1)),
    listRuns: () => Promise.resolve([...runs.values()].map((run) => structuredClone(run))),
    listTrials(runId) {
      const order = runs.get(runId)?.suite.task_ids ?? [];
      return Promise.resolve(
        (trials.get(runId) ?? []).map((trial) => structuredClone(trial)).sort(compareTrials(order)),
      );
    },
    close: () => Promise.resolve(),
  };
}
