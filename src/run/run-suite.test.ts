import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AgentInfrastructureError, createOracleAgent } from '../agent/index.js';
import type { Agent } from '../agent/index.js';
import { defineEnvironment, defineTool } from '../environment/index.js';
import type { RunEvent } from './run-events.js';
import { createMemoryStore } from '../store/index.js';
import type { RunStore } from '../store/index.js';
import type { Suite } from '../task/index.js';
import { buildTask, shopEnvironment, shopRefundTask } from '../testing/index.js';
import { runSuite } from './run-suite.js';

/** An environment whose backend fails on a seeded coin flip: trials become invalid at random. */
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
        if (rng.chance(0.5)) throw new Error('backend timeout');
        state.insert('notes', 'n1', { text });
        return { ok: true };
      },
    }),
  ],
});

function flakySuite(): Suite {
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
    hash: 'h',
    environment: flaky,
    tasks: [task('a'), task('b'), task('c')],
  };
}

/**
 * A memory store that takes a moment to record a run (as a writer thread
 * starting would) and lists what it was asked to do, in order.
 */
function listingStore() {
  const store = createMemoryStore();
  const order: string[] = [];
  const listing: RunStore = {
    ...store,
    createRun: async (run) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      order.push('run');
      await store.createRun(run);
    },
    putTrial: (trial) => {
      order.push('trial');
      return store.putTrial(trial);
    },
    flush: () => void order.push('flush'),
    finishRun: (...args) => {
      order.push('finish');
      return store.finishRun(...args);
    },
  };
  return { store, listing, order };
}

describe('runSuite', () => {
  it('runs every task k times and stores each trial', async () => {
    const store = createMemoryStore();
    const suite: Suite = {
      name: 'shop',
      path: '/shop',
      hash: 'h',
      environment: shopEnvironment,
      tasks: [buildTask(shopEnvironment, shopRefundTask)],
    };
    const { run, trials } = await runSuite({
      suite,
      agent: createOracleAgent(),
      trials: 3,
      store,
      seed: 9,
    });
    expect(trials.map((trial) => [trial.attempt, trial.success])).toEqual([
      [1, true],
      [2, true],
      [3, true],
    ]);
    expect(new Set(trials.map((trial) => trial.seed)).size).toBe(3);
    expect(await store.listTrials(run.run_id)).toHaveLength(3);
    expect(await store.getRun(run.run_id)).toMatchObject({
      status: 'finished',
      trials_per_task: 3,
      seed: 9,
    });
  });

  it('reruns invalid trials up to the limit and keeps every attempt', async () => {
    const store = createMemoryStore();
    const events: RunEvent[] = [];
    const { trials } = await runSuite({
      suite: flakySuite(),
      agent: createOracleAgent(),
      trials: 4,
      maxReruns: 2,
      seed: 1,
      store,
      onEvent: (event) => events.push(event),
    });
    const invalid = trials.filter((trial) => !trial.valid);
    expect(invalid.length).toBeGreaterThan(0);
    expect(
      invalid.every(
        (trial) =>
          trial.terminal_reason === 'environment_failure' && trial.exit_reason === 'tool_crash',
      ),
    ).toBe(true);
    for (const task of ['a', 'b', 'c']) {
      for (let attempt = 1; attempt <= 4; attempt++) {
        const tries = trials.filter((trial) => trial.task_id === task && trial.attempt === attempt);
        const last = tries.at(-1)!;
        // Reruns stop at the first valid try, or after 1 + maxReruns tries.
        expect(tries.map((trial) => trial.rerun)).toEqual(tries.map((_, index) => index));
        expect(last.valid || tries.length === 3).toBe(true);
        expect(tries.slice(0, -1).every((trial) => !trial.valid)).toBe(true);
      }
    }
    const ends = events.filter((event) => event.type === 'trial-end');
    expect(ends).toHaveLength(trials.length);
    expect(ends.at(-1)).toMatchObject({ completed: 12, plannedTrials: 12 });
  });

  it('stops at the first refusal: no rerun, no further trial, the refused trial dropped and the run interrupted', async () => {
    const store = createMemoryStore();
    const oracle = createOracleAgent();
    const refusal = new Error('openai:gpt-9 refused the request: HTTP 404');
    let refused = false;
    let runs = 0;
    const agent: Agent = {
      ...oracle,
      run: (session, reference) => {
        if (++runs === 3) {
          refused = true;
          return Promise.reject(
            new AgentInfrastructureError(refusal.message, 'harness_incompatibility'),
          );
        }
        return oracle.run(session, reference);
      },
    };
    const suite: Suite = {
      name: 'shop',
      path: '/shop',
      hash: 'h',
      environment: shopEnvironment,
      tasks: [buildTask(shopEnvironment, shopRefundTask)],
    };
    await expect(
      runSuite({
        suite,
        agent,
        trials: 5,
        maxReruns: 2,
        concurrency: 1,
        store,
        stop: () => (refused ? refusal : undefined),
      }),
    ).rejects.toBe(refusal);
    expect(runs).toBe(3);
    const run = await store.latestRun();
    expect(run?.status).toBe('interrupted');
    const stored = await store.listTrials(run!.run_id);
    expect(stored.map((trial) => [trial.attempt, trial.valid])).toEqual([
      [1, true],
      [2, true],
    ]);
  });

  it('marks the run interrupted when the store fails mid-run', async () => {
    const store = createMemoryStore();
    const failing = { ...store, putTrial: () => Promise.reject(new Error('disk full')) };
    const suite = flakySuite();
    await expect(
      runSuite({ suite, agent: createOracleAgent(), trials: 1, store: failing }),
    ).rejects.toThrow('disk full');
    expect((await store.latestRun())?.status).toBe('interrupted');
  });

  it('records the run before it plays a trial, and asks the store to commit once the last is played', async () => {
    const { store, listing, order } = listingStore();
    const { run, trials } = await runSuite({
      suite: flakySuite(),
      agent: createOracleAgent(),
      trials: 2,
      store: listing,
      onEvent: (event) => event.type === 'trial-end' && order.push('played'),
    });
    expect(order).toEqual(['run', ...trials.flatMap(() => ['trial', 'played']), 'flush', 'finish']);
    expect(await store.listTrials(run.run_id)).toHaveLength(trials.length);
    expect((await store.getRun(run.run_id))?.status).toBe('finished');
  });

  it('fails with the store error when the run cannot be recorded, and plays nothing', async () => {
    const store = createMemoryStore();
    let finished = 0;
    const broken = {
      ...store,
      createRun: () => Promise.reject(new Error('database is locked')),
      finishRun: () => {
        finished++;
        return Promise.resolve();
      },
    };
    const ends: RunEvent[] = [];
    await expect(
      runSuite({
        suite: flakySuite(),
        agent: createOracleAgent(),
        trials: 20,
        concurrency: 1,
        store: broken,
        onEvent: (event) => event.type === 'trial-end' && ends.push(event),
      }),
    ).rejects.toThrow('database is locked');
    expect(finished).toBe(0);
    expect(await store.listRuns()).toEqual([]);
    expect(ends).toEqual([]);
  });
});

describe('runSuite with a seed', () => {
  it('gives the same trial records twice, timestamps and run ids aside', async () => {
    const suite = flakySuite();
    const volatile = ['t_ms', 'duration_ms', 'latency_ms', 'started_at', 'run_id', 'trial_id'];
    const normalise = (records: readonly unknown[]): unknown =>
      JSON.parse(
        JSON.stringify(records, (key, value: unknown) => (volatile.includes(key) ? null : value)),
      );
    const play = () =>
      runSuite({
        suite,
        agent: createOracleAgent(),
        trials: 5,
        seed: 42,
        store: createMemoryStore(),
        concurrency: 3,
      });
    const first = await play();
    const second = await play();
    expect(normalise(second.trials)).toEqual(normalise(first.trials));
    expect(first.trials.some((trial) => !trial.valid)).toBe(true);
  });
});
