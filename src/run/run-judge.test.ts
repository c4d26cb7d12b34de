import { describe, expect, it } from 'vitest';
import { createOracleAgent } from '../agent/index.js';
import type { JudgeCaller, TrialIdentity } from '../schema/index.js';
import { createMemoryStore } from '../store/index.js';
import type { Suite } from '../task/index.js';
import { buildTask, shopEnvironment, shopRefundTask } from '../testing/index.js';
import { judgeGrader } from '../grade/index.js';
import { buildGradeContext } from '../testing/index.js';
import { regrade } from './regrade.js';
import { runSuite } from './run-suite.js';
import type { RunJudge } from './run-suite.js';
import { VALIDATION_JUDGE } from './validation-judge.js';

const suite: Suite = {
  name: 'shop',
  path: '/shop',
  hash: 'suite-hash',
  environment: shopEnvironment,
  tasks: [buildTask(shopEnvironment, shopRefundTask)],
};

function judgeNamed(id: string, asked: TrialIdentity[] = []): RunJudge {
  return {
    forTrial: (trial): JudgeCaller => {
      asked.push(trial);
      return {
        model: `fake:${id}`,
        ask: () => Promise.reject(new Error('not asked: no task of this suite has a rubric')),
      };
    },
    spec: { provider: 'fake', id, temperature: 0 },
  };
}

describe('a run with a judge model', () => {
  it('names the judge in its system spec, and a run judged by another model has another system hash', async () => {
    const store = createMemoryStore();
    const agent = createOracleAgent();
    const asked: TrialIdentity[] = [];
    const a = await runSuite({ suite, agent, trials: 2, store, judge: judgeNamed('a', asked) });
    const b = await runSuite({ suite, agent, trials: 1, store, judge: judgeNamed('b') });
    const none = await runSuite({ suite, agent, trials: 1, store });
    expect(a.run.system.judge).toEqual({ provider: 'fake', id: 'a', temperature: 0 });
    expect(none.run.system.judge).toBeUndefined();
    expect(new Set([a, b, none].map((result) => result.run.system_hash)).size).toBe(3);
    // One judge per trial, made for that trial: its calls are recorded under it.
    expect(asked.map((trial) => [trial.task_id, trial.attempt, trial.rerun])).toEqual(
      expect.arrayContaining([
        ['refund-8842', 1, 0],
        ['refund-8842', 2, 0],
      ]),
    );
  });

  it('a regrade with --judge names the new judge in the regraded run', async () => {
    const store = createMemoryStore();
    const { run } = await runSuite({
      suite,
      agent: createOracleAgent(),
      trials: 1,
      store,
      judge: judgeNamed('a'),
    });
    const asked: TrialIdentity[] = [];
    const result = await regrade({ store, run, suite, judge: judgeNamed('b', asked) });
    expect(asked.map((trial) => trial.task_id)).toEqual(['refund-8842']);
    expect(result.run.system.judge).toEqual({ provider: 'fake', id: 'b', temperature: 0 });
    expect(result.run.system_hash).not.toBe(run.system_hash);
  });
});

describe('VALIDATION_JUDGE', () => {
  it('passes a rubric, so validate checks the hard checks of a judged task', async () => {
    const task = buildTask(shopEnvironment, {
      id: 'judged',
      user: { instruction: 'Hi' },
      judge: { rubric: 'Greets the customer.', pass_score: 0.9 },
    });
    const output = await judgeGrader.grade(buildGradeContext(task, { judge: VALIDATION_JUDGE }));
    expect(output.pass).toBe(true);
    expect(output.evidence).toMatchObject({ model: 'endstate:validate-stand-in', cost_usd: 0 });
  });
});
