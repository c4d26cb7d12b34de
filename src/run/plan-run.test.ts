import { describe, expect, it } from 'vitest';
import type { ModelCaller } from '../model/index.js';
import { FaultSchema } from '../schema/index.js';
import { createMemoryStore } from '../store/index.js';
import type { Suite } from '../task/index.js';
import { buildTask, shopEnvironment, shopRefundTask } from '../testing/index.js';
import { USER_PROMPT_VERSION } from '../user/index.js';
import { planRun } from './plan-run.js';
import { playRun } from './play-run.js';
import type { CallerFactory, RunPlan, RunPlanInput } from './run-plan.js';

const refund = buildTask(shopEnvironment, shopRefundTask);
const judged = buildTask(shopEnvironment, {
  id: 'explain',
  user: { instruction: 'Why?' },
  judge: { rubric: 'Explains the 30-day window.' },
});
const suite: Suite = {
  name: 'shop',
  path: '/shop',
  hash: 'suite-hash',
  environment: shopEnvironment,
  tasks: [refund, judged],
};

/** Model callers that are made (and so priced) but never called: the plan only wires them. */
const made: string[] = [];
const callerFor: CallerFactory = (ref) => {
  made.push(`${ref.provider}:${ref.id}`);
  return Promise.resolve({
    model: `${ref.provider}:${ref.id}`,
    call: () => Promise.reject(new Error('no calls in this test')),
  } as unknown as ModelCaller);
};

/** What a plan resolved, as plain values: the agent, users and judge by their specs. */
function resolved(plan: RunPlan) {
  return {
    agent: plan.agent.spec,
    tasks: plan.tasks.map((task) => task.id),
    sequences: plan.sequences.map((sequence) => sequence.id),
    users: plan.users?.spec,
    judge: plan.judge?.spec,
    mode: plan.mode,
    faults: plan.faults,
    trials: plan.trials,
    seed: plan.seed,
    concurrency: plan.concurrency,
    maxReruns: plan.maxReruns,
    sandbox: plan.sandbox,
    system: plan.system,
    systemHash: plan.systemHash,
  };
}

const input: RunPlanInput = {
  agent: { kind: 'simulated', options: { slip: 0.3 } },
  user: {
    kind: 'llm',
    prompt_version: USER_PROMPT_VERSION,
    model: { provider: 'openai', id: 'user-model', temperature: 0.2 },
  },
  judge: { provider: 'openai', id: 'judge-model' },
  mode: 'oracle-plan',
  trials: 3,
  seed: 11,
  concurrency: 2,
  maxReruns: 1,
  faults: { faults: [FaultSchema.parse({ kind: 'malformed', tool: 'get_order' })], inject: [] },
  context: { models: { callerFor } },
};

describe('planRun', () => {
  it('rebuilds from the stored run record the plan it was stored from', async () => {
    const plan = await planRun(input, suite);
    expect(made).toEqual(['openai:user-model', 'openai:judge-model']);
    const store = createMemoryStore();
    let runId: string | undefined;
    // Recorded, then stopped before its first trial: the stored record is all the rebuild reads.
    await expect(
      playRun(plan, store, {
        stop: () => new Error('stored, not played'),
        onEvent: (event) => {
          if (event.type === 'run-start') runId = event.run.run_id;
        },
      }),
    ).rejects.toThrow('stored, not played');
    const stored = await store.getRun(runId!);
    expect(stored?.system_hash).toBe(plan.systemHash);
    const rebuilt = await planRun({ concurrency: 2, context: { models: { callerFor } } }, suite, {
      run: stored!,
    });
    expect(resolved(rebuilt)).toEqual(resolved(plan));
    // The judged task is played: the run has a judge.
    expect(resolved(plan).tasks).toEqual(['refund-8842', 'explain']);
    expect(resolved(plan).system.mode).toBe('oracle-plan');
  });

  it('goes on with a stored run and its trials, and refuses it with another system', async () => {
    const plan = await planRun({ trials: 2 }, suite);
    const store = createMemoryStore();
    const run = await playRun(plan, store);
    const trials = await store.listTrials(run.run_id);
    const interrupted = { ...run, status: 'interrupted' as const, finished_at: null };
    const resumed = await planRun({}, suite, { run: interrupted, trials });
    expect(resumed.resume?.trials).toHaveLength(trials.length);
    expect(resumed.systemHash).toBe(plan.systemHash);
    await expect(
      planRun({ agent: { kind: 'simulated', options: { slip: 0.5 } } }, suite, {
        run: interrupted,
        trials,
      }),
    ).rejects.toMatchObject({ code: 'E_RESUME' });
  });

  it('leaves out the tasks with a rubric when the run has no judge, and says so', async () => {
    const plan = await planRun({}, suite);
    expect(plan.tasks.map((task) => task.id)).toEqual(['refund-8842']);
    expect(plan.notes.join('')).toContain('for want of a judge model: explain');
    expect(plan.judge).toBeUndefined();
    expect(plan.pricing).toBeUndefined();
  });

  it('names every bad field of the input at once', async () => {
    await expect(planRun({ trials: 0, seed: -1, concurrency: 2.5 }, suite)).rejects.toMatchObject({
      code: 'E_USAGE',
      problems: [
        { path: 'trials', message: expect.stringContaining('trials: expected a whole number') },
        { path: 'seed', message: expect.stringContaining('got -1') },
        { path: 'concurrency', message: expect.stringContaining('got 2.5') },
      ],
    });
  });

  it('refuses settings a stored run keeps of its own', async () => {
    const plan = await planRun({}, suite);
    const store = createMemoryStore();
    const run = await playRun(plan, store);
    await expect(planRun({ trials: 5, tasks: 'refund-*' }, suite, { run })).rejects.toMatchObject({
      code: 'E_USAGE',
      problems: [
        { path: 'trials', message: `trials: run ${run.run_id} keeps its own; leave it out` },
        { path: 'tasks', message: `tasks: run ${run.run_id} keeps its own; leave it out` },
      ],
    });
  });

  it('says which model it cannot reach without context.models', async () => {
    await expect(
      planRun({ judge: { provider: 'openai', id: 'judge-model' } }, suite),
    ).rejects.toThrow(
      /the run calls openai:judge-model, and its plan has no context\.models to reach it/,
    );
  });

  it('refuses a no-user run with a model playing the user', async () => {
    await expect(planRun({ ...input, mode: 'no-user' }, suite)).rejects.toMatchObject({
      code: 'E_USAGE',
      message: expect.stringContaining('mode no-user plays without a simulated user'),
    });
  });
});
