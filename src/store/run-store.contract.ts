import { describe, expect, it } from 'vitest';
import { createOracleAgent } from '../agent/index.js';
import { buildSystemSpec, hashSystemSpec } from '../run/index.js';
import type { RunRecord, TrialRecord } from '../schema/index.js';
import { buildTask, shopEnvironment, shopRefundTask } from '../testing/index.js';
import { runTrial } from '../trial/index.js';
import type { RunStore, StoredTrialKey } from './run-store.js';

/** Which trial of a run. */
export interface TrialAt {
  readonly task_id: string;
  readonly attempt: number;
  readonly rerun?: number;
}

/**
 * Changes a store's records behind its back, as a process with access to
 * its files could; each implementation supplies its own.
 */
export interface StoreTamper {
  editTrial(runId: string, at: TrialAt, edit: (trial: TrialRecord) => TrialRecord): Promise<void>;
  deleteTrial(runId: string, at: TrialAt): Promise<void>;
  /** Inserts a record with no seal (a forged trial). */
  insertTrial(trial: TrialRecord): Promise<void>;
  /** Gives each of two trials the other's seal, records kept (seals moved between trials). */
  swapTrials(runId: string, a: TrialAt, b: TrialAt): Promise<void>;
  editRun(runId: string, edit: (run: RunRecord) => RunRecord): Promise<void>;
  /** Removes a run and its trials. */
  deleteRun(runId: string): Promise<void>;
  /** Keeps the run's record and seal as they are now; the function puts them back. */
  snapshotRun(runId: string): Promise<() => Promise<void>>;
}

/** A store under test, with the means to tamper with it. */
export interface TamperableStore {
  readonly store: RunStore;
  readonly tamper: StoreTamper;
}

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
  openTamperable?: () => TamperableStore | Promise<TamperableStore>,
): void {
  describe(`${name} (RunStore contract)`, () => {
    if (openTamperable !== undefined) describeSealing(openTamperable);

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

    it("lists the keys of a run's stored trials, the first record of each identity, and none of a run it does not hold", async () => {
      const store = await open();
      await store.createRun(runRecord('r1', '2026-11-01T00:00:00.000Z'));
      const invalid = { ...(await trialRecord('r1', 'refund-8842', 1, 0)), valid: false };
      const written = [
        invalid,
        await trialRecord('r1', 'refund-8842', 1, 1),
        await trialRecord('r1', 'b-task', 2),
      ];
      for (const trial of written) await store.putTrial(trial);
      // Played again after its worker was lost: the first record stays.
      await store.putTrial({ ...invalid, valid: true });
      const keys = await store.listTrialKeys('r1');
      const byIdentity = (a: StoredTrialKey, b: StoredTrialKey) =>
        a.task_id.localeCompare(b.task_id) || a.attempt - b.attempt || a.rerun - b.rerun;
      expect([...keys].sort(byIdentity)).toEqual([
        { task_id: 'b-task', attempt: 2, rerun: 0, valid: written[2]!.valid },
        { task_id: 'refund-8842', attempt: 1, rerun: 0, valid: false },
        { task_id: 'refund-8842', attempt: 1, rerun: 1, valid: written[1]!.valid },
      ]);
      expect(await store.listTrialKeys('ghost')).toEqual([]);
      await store.close();
    });

    it('does not store a trial that finishes after its run was closed (an interrupted run)', async () => {
      const store = await open();
      await store.createRun(runRecord('r1', '2026-11-01T00:00:00.000Z'));
      await store.putTrial(await trialRecord('r1', 'refund-8842', 1));
      await store.finishRun('r1', 'interrupted', '2026-11-01T00:01:00.000Z');
      await store.putTrial(await trialRecord('r1', 'refund-8842', 2));
      expect((await store.listTrials('r1')).map((trial) => trial.attempt)).toEqual([1]);
      const verification = await store.verifyRun('r1');
      if (verification?.status !== 'unverifiable')
        expect(verification).toEqual({ status: 'sealed', complete: true });
      await store.close();
    });

    it('refuses a trial of a run it does not hold, naming the run, and stores nothing', async () => {
      const store = await open();
      const put = store.putTrial(await trialRecord('ghost', 'refund-8842', 1));
      await expect(put).rejects.toMatchObject({ code: 'E_RUN_NOT_FOUND' });
      await expect(put).rejects.toThrow(/ghost/);
      expect(await store.listTrials('ghost')).toEqual([]);
      await store.close();
    });

    it('refuses to finish a run it does not hold', async () => {
      const store = await open();
      const finishing = store.finishRun('ghost', 'finished', '2026-11-01T00:01:00.000Z');
      await expect(finishing).rejects.toMatchObject({ code: 'E_RUN_NOT_FOUND' });
      await expect(finishing).rejects.toThrow(/ghost/);
      expect(await store.getRun('ghost')).toBeUndefined();
      await store.close();
    });

    it('refuses a second run with the id of a stored one, keeping the first and its trials', async () => {
      const store = await open();
      await store.createRun(runRecord('r1', '2026-11-01T00:00:00.000Z'));
      const trial = await trialRecord('r1', 'refund-8842', 1);
      await store.putTrial(trial);
      const again = store.createRun(runRecord('r1', '2026-11-05T00:00:00.000Z'));
      await expect(again).rejects.toMatchObject({ code: 'E_STORE' });
      await expect(again).rejects.toThrow(/run r1 is already stored/);
      expect(await store.getRun('r1')).toEqual(runRecord('r1', '2026-11-01T00:00:00.000Z'));
      expect(await store.listTrials('r1')).toEqual([trial]);
      await store.close();
    });

    it('lists runs by creation time, whatever order they were stored in', async () => {
      const store = await open();
      await store.createRun(runRecord('new', '2026-11-02T00:00:00.000Z'));
      await store.createRun(runRecord('old', '2026-11-01T00:00:00.000Z'));
      expect((await store.listRuns()).map((run) => run.run_id)).toEqual(['old', 'new']);
      expect((await store.latestRun())?.run_id).toBe('new');
      await store.close();
    });

    it('keeps exactly one record per trial (run, task, attempt, rerun): the first one stored', async () => {
      const store = await open();
      await store.createRun(runRecord('r1', '2026-11-01T00:00:00.000Z'));
      const first = await trialRecord('r1', 'refund-8842', 1);
      const replayed = { ...first, success: false, final_answer: 'played again' };
      await store.putTrial(first);
      await store.putTrial(replayed);
      await store.putTrial(first);
      // Written together, before either is committed: still one record, the first.
      const other = await trialRecord('r1', 'refund-8842', 2);
      await Promise.all([
        store.putTrial(other),
        store.putTrial({ ...other, final_answer: 'played again' }),
      ]);
      expect(await store.listTrials('r1')).toEqual([first, other]);
      await store.finishRun('r1', 'finished', '2026-11-01T00:01:00.000Z');
      const verification = await store.verifyRun('r1');
      if (verification?.status !== 'unverifiable')
        expect(verification).toEqual({ status: 'sealed', complete: true });
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
      expect(await store.listGoneRuns()).toEqual([]);
      await store.close();
    });
  });
}

/** A closed run of four trials (two tasks × two attempts), the second task's attempt 1 failed. */
async function sealedRun(open: () => TamperableStore | Promise<TamperableStore>) {
  const opened = await open();
  await opened.store.createRun(runRecord('r1', '2026-11-01T00:00:00.000Z'));
  for (const [taskId, attempt] of [
    ['b-task', 1],
    ['b-task', 2],
    ['refund-8842', 1],
    ['refund-8842', 2],
  ] as const) {
    const trial = await trialRecord('r1', taskId, attempt);
    await opened.store.putTrial(
      taskId === 'refund-8842' && attempt === 1 ? { ...trial, success: false } : trial,
    );
  }
  return opened;
}

const finish = (store: RunStore): Promise<void> =>
  store.finishRun('r1', 'finished', '2026-11-01T00:05:00.000Z');

const problemsOf = async (store: RunStore): Promise<string[]> => {
  const verification = await store.verifyRun('r1');
  return verification?.status === 'tampered'
    ? verification.problems.map((problem) => problem.message)
    : [];
};

function describeSealing(open: () => TamperableStore | Promise<TamperableStore>): void {
  describe('seals', () => {
    it('finds every record of an open run and of a closed run matching its seals', async () => {
      const { store } = await sealedRun(open);
      expect(await store.verifyRun('r1')).toEqual({ status: 'sealed', complete: false });
      await finish(store);
      expect(await store.verifyRun('r1')).toEqual({ status: 'sealed', complete: true });
      expect(await store.verifyRun('missing')).toBeUndefined();
      await store.close();
    });

    it('names the trial and the fields changed outside the store', async () => {
      const { store, tamper } = await sealedRun(open);
      await finish(store);
      await tamper.editTrial('r1', { task_id: 'refund-8842', attempt: 1 }, (trial) => ({
        ...trial,
        success: true,
      }));
      expect(await problemsOf(store)).toEqual([
        'refund-8842 attempt 1 does not match its seal (changed outside endstate): success changed',
      ]);
      await store.close();
    });

    it('finds a trial changed while the run was still going, once it is closed', async () => {
      const { store, tamper } = await sealedRun(open);
      await tamper.editTrial('r1', { task_id: 'refund-8842', attempt: 1 }, (trial) => ({
        ...trial,
        success: true,
        final_answer: 'forged',
      }));
      await finish(store);
      expect(await problemsOf(store)).toEqual([
        'refund-8842 attempt 1 does not match its seal (changed outside endstate): final_answer, success changed',
      ]);
      await store.close();
    });

    it('finds a trial removed, even before the run was closed', async () => {
      const { store, tamper } = await sealedRun(open);
      await tamper.deleteTrial('r1', { task_id: 'refund-8842', attempt: 1 });
      await finish(store);
      expect(await problemsOf(store)).toEqual([
        'refund-8842 attempt 1 is missing (removed outside endstate)',
      ]);
      await store.close();
    });

    it('finds a trial added without a seal', async () => {
      const { store, tamper } = await sealedRun(open);
      await finish(store);
      await tamper.insertTrial(await trialRecord('r1', 'refund-8842', 3));
      expect(await problemsOf(store)).toEqual([
        'refund-8842 attempt 3 has no seal (added outside endstate)',
      ]);
      await store.close();
    });

    it('finds two trials that swapped records', async () => {
      const { store, tamper } = await sealedRun(open);
      await finish(store);
      await tamper.swapTrials(
        'r1',
        { task_id: 'refund-8842', attempt: 1 },
        { task_id: 'refund-8842', attempt: 2 },
      );
      const problems = await problemsOf(store);
      expect(problems[0]).toMatch(/^refund-8842 attempt 1 does not match its seal/);
      expect(problems).toHaveLength(2);
      await store.close();
    });

    it('lists a run removed whole as gone, with how it was closed; latest is then the run before it', async () => {
      const { store, tamper } = await sealedRun(open);
      await finish(store);
      await store.createRun(runRecord('r2', '2026-11-02T00:00:00.000Z'));
      await tamper.deleteRun('r1');
      await tamper.deleteRun('r2');
      expect(await store.getRun('r1')).toBeUndefined();
      expect(await store.verifyRun('r1')).toBeUndefined();
      expect(await store.listGoneRuns()).toEqual([
        {
          run_id: 'r1',
          created_at: '2026-11-01T00:00:00.000Z',
          closed: { status: 'finished', trials: 4 },
        },
        { run_id: 'r2', created_at: '2026-11-02T00:00:00.000Z' },
      ]);
      // The store lists what it holds; a reader compares it with the gone runs (see findStoredRun).
      expect(await store.latestRun()).toBeUndefined();
      await store.close();
    });

    it('finds a trial removed from a closed run whose open seal was put back', async () => {
      const { store, tamper } = await sealedRun(open);
      const putBack = await tamper.snapshotRun('r1');
      await finish(store);
      await tamper.deleteTrial('r1', { task_id: 'refund-8842', attempt: 1 });
      await putBack();
      expect((await store.getRun('r1'))?.status).toBe('running');
      expect(await problemsOf(store)).toEqual([
        "the run was closed finished with 4 trial(s), and its seal is an open run's (an older seal put back outside endstate)",
      ]);
      await store.close();
    });

    it('keeps a run where its ledger put it when its record is changed to move it: latest still picks it, and its check fails', async () => {
      const { store, tamper } = await sealedRun(open);
      await finish(store);
      await store.createRun(runRecord('older', '2026-10-01T00:00:00.000Z'));
      await tamper.editRun('r1', (run) => ({ ...run, created_at: '2026-09-01T00:00:00.000Z' }));
      expect((await store.latestRun())?.run_id).toBe('r1');
      expect((await store.listRuns()).map((run) => run.run_id)).toEqual(['older', 'r1']);
      expect(await problemsOf(store)).toEqual([
        'the run record does not match its seal (changed outside endstate)',
      ]);
      await store.close();
    });

    it('finds a run record changed outside the store', async () => {
      const { store, tamper } = await sealedRun(open);
      await finish(store);
      await tamper.editRun('r1', (run) => ({ ...run, trials_per_task: 1 }));
      expect(await problemsOf(store)).toEqual([
        'the run record does not match its seal (changed outside endstate)',
      ]);
      await store.close();
    });
  });
}
