import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createOracleAgent } from '../agent/index.js';
import { isEndstateError } from '../core/index.js';
import { defineEnvironment, defineTool } from '../environment/index.js';
import { createRunRecord, runSuite } from '../run/index.js';
import type { RunRecord, TrialRecord } from '../schema/index.js';
import { createMemoryStore, createMemoryTables } from '../store/index.js';
import type { MemoryTables, RunStore } from '../store/index.js';
import type { Suite } from '../task/index.js';
import { buildTask } from '../testing/index.js';
import { enqueueAttempts, queuedAttempts } from './enqueue-attempts.js';
import { createJobPlayer } from './play-job.js';
import { parseQueueAddress } from './queue-address.js';
import { runOnQueue } from './run-on-queue.js';
import { startWorker } from './start-worker.js';
import type { QueueWorker } from './start-worker.js';

/** A queue of this file's own on the test Redis, emptied afterwards. */
const queueName = `endstate-test-${randomBytes(6).toString('hex')}`;
const address = parseQueueAddress(`redis://127.0.0.1:6379/0?queue=${queueName}`);
const connection = { ...address.connection, maxRetriesPerRequest: null };

afterAll(async () => {
  const queue = new Queue(queueName, { connection, prefix: address.prefix });
  await queue.obliterate({ force: true });
  await queue.close();
});

/** An environment whose backend fails on a seeded coin flip: some trials are invalid and rerun. */
const flaky = defineEnvironment({
  name: 'flaky',
  version: '1',
  policy: '',
  fixture: { notes: {} },
  tools: [
    defineTool({
      name: 'write_note',
      description: 'Writes a note; the backend is unreliable.',
      input: z.object({ text: z.string() }),
      effect: 'write',
      run: ({ text }, { state, rng }) => {
        if (rng.chance(0.4)) throw new Error('backend timeout');
        state.insert('notes', 'n1', { text });
        return { ok: true };
      },
    }),
  ],
});

function flakySuite(hash = 'suite-hash'): Suite {
  const task = (id: string) =>
    buildTask(flaky, {
      id,
      user: { instruction: 'Write the note "hi".' },
      expect: { changes: [{ insert: 'notes', match: { text: 'hi' }, count: 1 }] },
      reference: [{ tool: 'write_note', args: { text: 'hi' } }, { say: 'Written.' }],
    });
  return {
    name: 'flaky',
    path: '/flaky',
    hash,
    environment: flaky,
    tasks: [task('a'), task('b'), task('c')],
  };
}

/** A store over shared tables, as another process would open the same database. */
function storeOver(tables: MemoryTables): RunStore {
  return createMemoryStore({ tables, key: null });
}

let workers: QueueWorker[] = [];
afterEach(async () => {
  await Promise.all(workers.map((worker) => worker.close()));
  workers = [];
});

/** An in-process worker over the shared tables, loading `suite` for every job. */
function worker(tables: MemoryTables, suite: Suite): void {
  const player = createJobPlayer({
    openStore: () => Promise.resolve(storeOver(tables)),
    loadSuite: () => Promise.resolve(suite),
    buildSystem: () => Promise.resolve({ agent: createOracleAgent() }),
  });
  workers.push(
    startWorker({
      address,
      concurrency: 3,
      stall: { lockDurationMs: 5000, stalledIntervalMs: 5000 },
      play: (data) => player.play(data),
    }),
  );
}

function newRun(suite: Suite, seed: number): RunRecord {
  return createRunRecord(
    { suite, agent: createOracleAgent(), trials: 4, seed, maxReruns: 2 },
    suite.tasks,
  );
}

const identities = (trials: readonly TrialRecord[]) =>
  trials.map((t) => [t.task_id, t.attempt, t.rerun, t.valid, t.success, t.seed]);

describe('runOnQueue', () => {
  it('stores the trials a local run with the same seed stores, reruns included', async () => {
    const suite = flakySuite();
    const tables = createMemoryTables();
    const store = storeOver(tables);
    const run = newRun(suite, 11);
    await store.createRun(run);
    worker(tables, suite);
    const finished = await runOnQueue({
      address,
      run,
      store,
      tasks: suite.tasks,
      place: { store: 'memory-a', suitePath: '/flaky' },
      reconcileMs: 500,
    });
    expect(finished.status).toBe('finished');
    const queued = await store.listTrials(run.run_id);

    const localStore = createMemoryStore();
    const local = await runSuite({
      suite,
      agent: createOracleAgent(),
      trials: 4,
      seed: 11,
      maxReruns: 2,
      store: localStore,
    });
    const localTrials = await localStore.listTrials(local.run.run_id);
    expect(localTrials.some((trial) => !trial.valid)).toBe(true);
    expect(identities(queued)).toEqual(identities(localTrials));
  }, 60_000);

  it('queues an attempt once however often it is queued', async () => {
    const suite = flakySuite();
    const run = newRun(suite, 1);
    const attempts = queuedAttempts(
      run,
      suite.tasks.map((task) => ({ task, attempt: 1, firstRerun: 0 })),
      { store: 'memory-b', suitePath: '/flaky' },
    );
    const queue = new Queue(queueName, { connection, prefix: address.prefix });
    try {
      await queue.pause();
      expect(await enqueueAttempts(queue, attempts)).toEqual({ added: 3, kept: 0 });
      expect(await enqueueAttempts(queue, attempts)).toEqual({ added: 0, kept: 3 });
      const waiting = await queue.getJobs(['waiting']);
      expect(
        waiting.filter((job) => (job.data as { run_id: string }).run_id === run.run_id),
      ).toHaveLength(3);
      for (const attempt of attempts) await queue.remove(attempt.jobId);
    } finally {
      await queue.resume();
      await queue.close();
    }
  });

  it('marks the run interrupted and names the failed jobs, and --resume plays only what is missing', async () => {
    const suite = flakySuite();
    const tables = createMemoryTables();
    const store = storeOver(tables);
    const run = newRun(suite, 5);
    await store.createRun(run);
    // A worker with another version of the suite: every job fails, never the agent.
    worker(tables, flakySuite('another-hash'));
    const failure = await runOnQueue({
      address,
      run,
      store,
      tasks: suite.tasks,
      place: { store: 'memory-c', suitePath: '/flaky' },
      retry: { attempts: 2, backoffMs: 10 },
      reconcileMs: 500,
    }).catch((error: unknown) => error);
    expect(isEndstateError(failure) && failure.code).toBe('E_QUEUE');
    expect(String((failure as Error).message)).toMatch(
      /12 of 12 planned trial\(s\) of run \S+ have no record: 12 job\(s\) failed/,
    );
    expect((await store.getRun(run.run_id))?.status).toBe('interrupted');
    expect(await store.listTrials(run.run_id)).toEqual([]);
    await Promise.all(workers.map((stale) => stale.close()));
    workers = [];

    // Two attempts stored meanwhile (a worker that came back): the resumed run queues the ten others.
    const player = createJobPlayer({
      openStore: () => Promise.resolve(storeOver(tables)),
      loadSuite: () => Promise.resolve(suite),
      buildSystem: () => Promise.resolve({ agent: createOracleAgent() }),
    });
    const [first, second] = queuedAttempts(
      run,
      [1, 2].map((attempt) => ({ task: suite.tasks[0]!, attempt, firstRerun: 0 })),
      { store: 'memory-c', suitePath: '/flaky' },
    );
    await player.play(first!.data);
    await player.play(second!.data);
    const resumeStore = storeOver(tables);
    const stored = await resumeStore.listTrials(run.run_id);
    worker(tables, suite);
    const events: string[] = [];
    const finished = await runOnQueue({
      address,
      run: (await resumeStore.getRun(run.run_id))!,
      store: resumeStore,
      tasks: suite.tasks,
      stored,
      place: { store: 'memory-c', suitePath: '/flaky' },
      reconcileMs: 500,
      onEvent: (event) => {
        if (event.type === 'trial-end' && !event.willRerun) events.push(event.trial.task_id);
      },
    });
    expect(finished.status).toBe('finished');
    expect(events).toHaveLength(10);
    expect(events.filter((task) => task === 'a')).toHaveLength(2);
    const trials = await resumeStore.listTrials(run.run_id);
    expect(new Set(trials.map((t) => `${t.task_id}/${t.attempt}`)).size).toBe(12);
  }, 60_000);
});
