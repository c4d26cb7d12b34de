import { describe, expect, it } from 'vitest';
import { createOracleAgent } from '../agent/index.js';
import { buildSystemSpec, hashSystemSpec } from '../run/index.js';
import type { RunRecord, TrialRecord } from '../schema/index.js';
import { buildTask, shopEnvironment, shopRefundTask } from '../testing/index.js';
import { runTrial } from '../trial/index.js';
import type { RunStore } from './run-store.js';

function runRecord(runId: string, createdAt: string): RunRecord {
  const system = buildSystemSpec(createOracleAgent().spec);
  return {
    run_id: runId,
    created_at: createdAt,
    finished_at: null,
    status: 'running',
    suite: {
      name: 'shop',
      path: '/suites/shop',
      hash: 'h',
      task_ids: ['b-task', 'refund-8842'],
      revisions: { 'b-task': 1, 'refund-8842': 1 },
    },
    system,
    system_hash: hashSystemSpec(system),
    trials_per_task: 2,
    seed: 1,
    concurrency: 1,
    max_reruns: 2,
  };
}

async function trialRecord(
  runId: string,
  taskId: string,
  attempt: number,
  rerun = 0,
): Promise<TrialRecord> {
  const task = buildTask(shopEnvironment, { ...shopRefundTask, id: taskId });
  return runTrial({
    task,
    environment: shopEnvironment,
    agent: createOracleAgent(),
    seed: attempt,
    attempt,
    rerun,
    runId,
    suiteHash: 'h',
    systemHash: 's',
  });
}

/** The behaviour every RunStore must have; each implementation runs it. */
export function describeRunStoreContract(
  name: string,
  open: () => RunStore | Promise<RunStore>,
): void {
  describe(`${name} (RunStore contract)`, () => {
    it('gives back a run and its trials exactly as written, events included', async () => {
      const store = await open();
      await store.createRun(runRecord('r1', '2026-11-01T00:00:00.000Z'));
      const trial = await trialRecord('r1', 'refund-8842', 1);
      await store.putTrial(trial);
      expect(await store.getRun('r1')).toEqual(runRecord('r1', '2026-11-01T00:00:00.000Z'));
      expect(await store.listTrials('r1')).toEqual([trial]);
      await store.close();
    });

    it('lists trials in the run’s task order, then by attempt and rerun', async () => {
      const store = await open();
      await store.createRun(runRecord('r1', '2026-11-01T00:00:00.000Z'));
      const written = [
        await trialRecord('r1', 'refund-8842', 2),
        await trialRecord('r1', 'refund-8842', 1, 1),
        await trialRecord('r1', 'b-task', 1),
        await trialRecord('r1', 'refund-8842', 1, 0),
      ];
      for (const trial of written) await store.putTrial(trial);
      const listed = await store.listTrials('r1');
      expect(listed.map((t) => [t.task_id, t.attempt, t.rerun])).toEqual([
        ['b-task', 1, 0],
        ['refund-8842', 1, 0],
        ['refund-8842', 1, 1],
        ['refund-8842', 2, 0],
      ]);
      await store.close();
    });

    it('finishes a run and finds the latest one', async () => {
      const store = await open();
      await store.createRun(runRecord('old', '2026-11-01T00:00:00.000Z'));
      await store.createRun(runRecord('new', '2026-11-02T00:00:00.000Z'));
      await store.finishRun('new', 'finished', '2026-11-02T00:01:00.000Z');
      expect(await store.latestRun()).toMatchObject({
        run_id: 'new',
        status: 'finished',
        finished_at: '2026-11-02T00:01:00.000Z',
      });
      expect((await store.listRuns()).map((run) => run.run_id)).toEqual(['old', 'new']);
      expect(await store.getRun('missing')).toBeUndefined();
      expect(await store.listTrials('missing')).toEqual([]);
      await store.close();
    });
  });
}
