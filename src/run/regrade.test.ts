import { beforeAll, describe, expect, it } from 'vitest';
import { createOracleAgent, createSimulatedAgent } from '../agent/index.js';
import type { RunRecord, TrialRecord } from '../schema/index.js';
import { checkComparable } from '../report/index.js';
import { createMemoryStore } from '../store/index.js';
import type { RunStore } from '../store/index.js';
import { loadSuite } from '../task/index.js';
import type { Suite } from '../task/index.js';
import { buildTask, shopEnvironment, shopRefundTask } from '../testing/index.js';
import { regrade } from './regrade.js';
import { runSuite } from './run-suite.js';
import { failedChecks } from '../schema/index.js';

const failedCheckIds = (trial: TrialRecord): string[] =>
  failedChecks(trial).map((check) => check.id);

/** The shop suite with the refund task's expected amount as given. */
function shopSuite(amountCents: number, revision: number, hash: string): Suite {
  const expect = {
    ...shopRefundTask.expect,
    changes: [
      shopRefundTask.expect.changes[0],
      { insert: 'refunds', match: { order_id: '8842', amount_cents: amountCents }, count: 1 },
    ],
  };
  return {
    name: 'shop',
    path: '/shop',
    hash,
    environment: shopEnvironment,
    tasks: [buildTask(shopEnvironment, { ...shopRefundTask, revision, expect })],
  };
}

/** A stored copy of a run whose trials lack their final state (a crash before the snapshot, a compact record). */
async function withoutFinalStates(
  run: RunRecord,
  trials: readonly TrialRecord[],
  change: (trial: TrialRecord) => TrialRecord = (trial) => trial,
): Promise<RunStore> {
  const store = createMemoryStore();
  await store.createRun(run);
  for (const trial of trials) await store.putTrial(change({ ...trial, state_diff: null }));
  return store;
}

describe('regrade', () => {
  it('flips the verdicts when a wrong expectation is fixed, in a new run, leaving the old run as it was', async () => {
    const store = createMemoryStore();
    // The expectation says 4300 cents; the order costs 4299: every correct refund fails.
    const wrong = shopSuite(4300, 1, 'suite-wrong');
    const { run } = await runSuite({ suite: wrong, agent: createOracleAgent(), trials: 3, store });
    const before = await store.listTrials(run.run_id);
    expect(before.map((trial) => [trial.success, failedCheckIds(trial)])).toEqual(
      Array.from({ length: 3 }, () => [false, ['expect.changes[1]', 'expect.unchanged']]),
    );

    const fixed = shopSuite(4299, 2, 'suite-fixed');
    const result = await regrade({ store, run, suite: fixed, allowSuiteChange: true });

    expect(result.trials.map((trial) => [trial.success, trial.terminal_reason])).toEqual(
      Array.from({ length: 3 }, () => [true, 'success']),
    );
    expect(result.summary).toMatchObject({
      regraded_from: run.run_id,
      trials: 3,
      regraded: 3,
      rebuilt: 0,
      fail_to_pass: [1, 2, 3].map((attempt) => ({ task_id: 'refund-8842', attempt, rerun: 0 })),
      pass_to_fail: [],
      not_regradable: [],
    });
    expect(result.run).toMatchObject({
      run_id: expect.stringMatching(new RegExp(`^${run.run_id}-regrade-[0-9a-f]{6}$`)),
      regraded_from: run.run_id,
      status: 'finished',
      suite: { hash: 'suite-fixed' },
    });
    expect(result.trials.every((trial) => trial.run_id === result.run.run_id)).toBe(true);
    expect(await store.getRun(run.run_id)).toEqual(run);
    expect(await store.listTrials(run.run_id)).toEqual(before);
    expect(await store.listTrials(result.run.run_id)).toEqual(result.trials);
  });

  it('reruns the trials of a broken assertion as grader failures, and a fixed assertion regrades them', async () => {
    const store = createMemoryStore();
    const withAssert = (assertion: string, revision: number, hash: string): Suite => ({
      name: 'shop',
      path: '/shop',
      hash,
      environment: shopEnvironment,
      tasks: [
        buildTask(shopEnvironment, {
          ...shopRefundTask,
          revision,
          expect: { ...shopRefundTask.expect, assert: [assertion] },
        }),
      ],
    });
    const broken = 'sT.refunds.all(r, r.amount_cents * 2 > 0)';
    const { run } = await runSuite({
      suite: withAssert(broken, 1, 'suite-broken'),
      agent: createOracleAgent(),
      trials: 1,
      maxReruns: 1,
      store,
    });
    const before = await store.listTrials(run.run_id);
    expect(before.map((trial) => [trial.rerun, trial.terminal_reason, trial.valid])).toEqual([
      [0, 'grader_failure', false],
      [1, 'grader_failure', false],
    ]);
    expect(before[0]?.error).toBe(
      `grader failed: expect.assert[0]: ${broken}: no such overload: dyn<double> * int`,
    );

    const result = await regrade({
      store,
      run,
      suite: withAssert('sT.refunds.all(r, r.amount_cents * 2.0 > 0.0)', 2, 'suite-fixed'),
      allowSuiteChange: true,
    });
    expect(result.trials.map((trial) => [trial.terminal_reason, trial.error])).toEqual([
      ['success', null],
      ['success', null],
    ]);
  });

  it('records the revision it graded with, so the regraded run is never compared as the old revision', async () => {
    const store = createMemoryStore();
    const { run } = await runSuite({
      suite: shopSuite(4300, 1, 'suite-wrong'),
      agent: createOracleAgent(),
      trials: 2,
      store,
    });
    const result = await regrade({
      store,
      run,
      suite: shopSuite(4299, 2, 'suite-fixed'),
      allowSuiteChange: true,
    });
    expect(run.suite.revisions).toEqual({ 'refund-8842': 1 });
    expect(result.run.suite.revisions).toEqual({ 'refund-8842': 2 });
    expect(result.trials.map((trial) => trial.task_revision)).toEqual([2, 2]);
    const original = { run, trials: await store.listTrials(run.run_id) };
    const regraded = { run: result.run, trials: result.trials };
    expect(() => checkComparable(original, regraded)).toThrow(
      expect.objectContaining({
        code: 'E_NOT_COMPARABLE',
        problems: [
          {
            message: `task refund-8842: revision 1 in run ${run.run_id}, revision 2 in run ${result.run.run_id}`,
          },
        ],
      }),
    );
    // A regrade at the same revision stays comparable with the run it came from.
    const same = await regrade({
      store,
      run,
      suite: shopSuite(4300, 1, 'suite-wrong'),
    });
    expect(same.run.suite.revisions).toEqual({ 'refund-8842': 1 });
    expect(() => checkComparable(original, { run: same.run, trials: same.trials })).not.toThrow();
  });

  it("refuses a suite whose hash is not the run's, naming the task whose revision changed", async () => {
    const store = createMemoryStore();
    const { run } = await runSuite({
      suite: shopSuite(4300, 1, 'suite-wrong'),
      agent: createOracleAgent(),
      trials: 1,
      store,
    });
    const attempt = regrade({ store, run, suite: shopSuite(4299, 2, 'suite-fixed') });
    await expect(attempt).rejects.toMatchObject({
      code: 'E_SUITE_CHANGED',
      problems: [
        {
          file: 'tasks/refund-8842.yaml',
          message: "task refund-8842 is at revision 2; the run's trials used revision 1",
        },
      ],
    });
    expect(await store.listRuns()).toHaveLength(1);
  });

  describe('on trials stored without their final state', () => {
    let suite: Suite;
    let run: RunRecord;
    let trials: readonly TrialRecord[];

    beforeAll(async () => {
      suite = await loadSuite('examples/support', { importModule: (url) => import(url) });
      ({ run, trials } = await runSuite({
        suite,
        agent: createSimulatedAgent({ slip: 0.2 }),
        trials: 3,
        seed: 5,
        store: createMemoryStore(),
      }));
    });

    it('rebuilds each final state by replaying the recorded calls, lost acknowledgements included, to the stored hash and verdict', async () => {
      const lostAcks = trials.filter((trial) =>
        trial.events.some((event) => event.kind === 'fault' && event.fault === 'lost_ack'),
      );
      expect(lostAcks.length).toBeGreaterThan(0);
      const store = await withoutFinalStates(run, trials);

      const result = await regrade({ store, run, suite });

      const graded = trials.filter(
        (trial) => !['tool_crash', 'harness_crash'].includes(trial.exit_reason),
      );
      expect(result.summary).toMatchObject({
        regraded: graded.length,
        rebuilt: graded.length,
        not_regradable: [],
        fail_to_pass: [],
        pass_to_fail: [],
      });
      const verdict = (trial: TrialRecord) => ({
        task: trial.task_id,
        attempt: trial.attempt,
        success: trial.success,
        failed: failedCheckIds(trial),
        state: trial.final_state_hash,
        diff: trial.state_diff,
      });
      expect(result.trials.map(verdict)).toEqual(trials.map(verdict));
    });

    it('keeps a trial whose replay does not reach the stored final state as it was, and says why', async () => {
      // A trial in which order 8842 was refunded (successful or not on the whole).
      const refunded = (trial: TrialRecord): boolean =>
        trial.events.some(
          (event) => event.kind === 'tool_result' && event.tool === 'process_refund' && event.ok,
        );
      const target = trials.find(
        (trial) => refunded(trial) && trial.task_id.startsWith('refund-8842'),
      )!;
      // The record says 8842 was refunded for 1 cent: replayed, that refund fails.
      const store = await withoutFinalStates(run, trials, (trial) =>
        trial.trial_id !== target.trial_id
          ? trial
          : {
              ...trial,
              events: trial.events.map((event) =>
                event.kind === 'tool_call' && event.tool === 'process_refund'
                  ? { ...event, args: { order_id: '8842', amount_cents: 1 } }
                  : event,
              ),
            },
      );

      const result = await regrade({ store, run, suite });

      expect(result.summary.not_regradable).toEqual([
        {
          task_id: target.task_id,
          attempt: target.attempt,
          rerun: target.rerun,
          reason: expect.stringMatching(
            /^c\d+ \(process_refund\) succeeded in the trial but failed on replay$/,
          ),
        },
      ]);
      const copy = result.trials.find(
        (trial) => trial.task_id === target.task_id && trial.attempt === target.attempt,
      )!;
      expect(copy).toMatchObject({
        success: target.success,
        grades: target.grades,
        state_diff: null,
      });
      expect(copy.events.at(-1)).toMatchObject({
        kind: 'note',
        text: expect.stringMatching(/^regrade: not regraded/),
      });
    });
  });
});
