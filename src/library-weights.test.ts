import { describe, expect, it } from 'vitest';
import { EndstateError, createMemoryStore, createOracleAgent, runSuite } from './index.js';
import type { RunRecord, Suite } from './index.js';
import { buildScorecard } from './report/public.js';
import { buildTask, shopEnvironment, shopRefundTask } from './testing/index.js';

/** A suite built in code, as a library user may: the task file's schema never saw `weight`. */
function suiteWithWeights(weights: readonly number[]): Suite {
  const tasks = weights.map((weight, index) => {
    const task = buildTask(shopEnvironment, { ...shopRefundTask, id: `refund-${index}` });
    return { ...task, spec: { ...task.spec, weight } };
  });
  return { name: 'shop', path: '/shop', hash: 'h', environment: shopEnvironment, tasks };
}

function thrown(run: () => unknown): EndstateError {
  try {
    run();
  } catch (error) {
    if (error instanceof EndstateError) return error;
    throw error;
  }
  throw new Error('expected an EndstateError');
}

describe('task weights given through the library', () => {
  it('refuses a zero weight before the run stores or plays anything', async () => {
    const store = createMemoryStore();
    const running = runSuite({
      suite: suiteWithWeights([1, 0, 2]),
      agent: createOracleAgent(),
      trials: 2,
      store,
    });
    await expect(running).rejects.toMatchObject({ code: 'E_TASK_INVALID' });
    await expect(running).rejects.toThrow(
      "cannot run suite shop: a task weight is not usable:\n  suite.weights.refund-1: task refund-1 weighs 0; a task's weight must be a finite number above 0\nHint: Give each task a `weight` above 0",
    );
    expect(await store.listRuns()).toEqual([]);
  });

  it('refuses a run record with a zero or NaN weight instead of a half-blank scorecard, naming every task', async () => {
    const store = createMemoryStore();
    const { run, trials } = await runSuite({
      suite: suiteWithWeights([1, 3]),
      agent: createOracleAgent(),
      trials: 2,
      store,
    });
    expect(buildScorecard(run, trials).success_rate.value).toBe(1);
    const edited: RunRecord = {
      ...run,
      suite: { ...run.suite, weights: { 'refund-0': 0, 'refund-1': Number.NaN } },
    };
    const error = thrown(() => buildScorecard(edited, trials));
    expect(error.code).toBe('E_TASK_INVALID');
    expect(error.problems.map((problem) => problem.path)).toEqual([
      'suite.weights.refund-0',
      'suite.weights.refund-1',
    ]);
    expect(error.message).toContain(`cannot build the scorecard of run ${run.run_id}`);
    expect(error.message).toContain('task refund-1 weighs NaN');
  });
});
