import { describe, expect, it } from 'vitest';
import type { Agent, AgentSession } from '../agent/index.js';
import { buildTask, shopEnvironment, shopRefundTask } from '../testing/index.js';
import { runTrial } from './run-trial.js';

const task = buildTask(shopEnvironment, {
  ...shopRefundTask,
  limits: { ...shopRefundTask.limits, max_steps: 1 },
});

/** Runs one trial whose agent sees only `{ ...session }`, and returns what that copy held. */
async function copiedSession(): Promise<{ copy: AgentSession; abortedAfterStop: boolean }> {
  let copy: AgentSession | undefined;
  let abortedAfterStop = false;
  const agent: Agent = {
    spec: { kind: 'test', name: 'test', version: '1', options: {} },
    readsReference: false,
    run: async (session) => {
      copy = { ...session };
      await copy.callTool('get_order', { order_id: '8842' });
      // The second step is over the budget of one: the trial stops and its signal aborts.
      await copy.callTool('get_order', { order_id: '8842' }).catch(() => undefined);
      abortedAfterStop = copy.signal.aborted;
      return { finalAnswer: null };
    },
  };
  const record = await runTrial({
    task,
    environment: shopEnvironment,
    agent,
    seed: 1,
    attempt: 1,
    rerun: 0,
    runId: 'run-test',
    suiteHash: 'suite',
    systemHash: 'system',
  });
  expect(record.exit_reason).toBe('max_steps');
  return { copy: copy!, abortedAfterStop };
}

describe('the agent session', () => {
  it('is plain data: a spread copy keeps every field of the contract, the signal included', async () => {
    const { copy } = await copiedSession();
    expect(Object.keys(copy).sort()).toEqual(
      [
        'budget',
        'callTool',
        'caps',
        'memory',
        'note',
        'recordConnection',
        'recordRefusedConnection',
        'recordUsage',
        'rng',
        'sendToUser',
        'signal',
        'task',
        'tools',
        'trial',
      ].sort(),
    );
    expect(copy.signal).toBeInstanceOf(AbortSignal);
  });

  it('aborts the copied signal when the trial stops', async () => {
    const { abortedAfterStop } = await copiedSession();
    expect(abortedAfterStop).toBe(true);
  });
});
