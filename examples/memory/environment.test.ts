import { describe, expect, it } from 'vitest';
import { createMemoryStore, createOracleAgent, loadSuite, runSuite } from 'endstate';
import type { Agent, AgentSession, TrialRecord } from 'endstate';

const loadMemorySuite = () => loadSuite('examples/memory', { importModule: (url) => import(url) });

/**
 * A rule-based desk agent: it learns preferences from what customers say
 * and applies them to refunds. With `useMemory` it keeps them in
 * `session.memory` (across sessions); without, only in its conversation.
 */
function deskAgent(useMemory: boolean): Agent {
  return {
    spec: { kind: 'test', name: useMemory ? 'remembers' : 'forgets', version: '1', options: {} },
    readsReference: false,
    async run(session: AgentSession) {
      const learnt = new Map<string, string>();
      const recall = (key: string): string | undefined => {
        const value = learnt.get(key) ?? (useMemory ? session.memory?.get(key) : undefined);
        return typeof value === 'string' ? value : undefined;
      };
      const learn = (key: string, value: string): void => {
        learnt.set(key, value);
        if (useMemory) session.memory?.set(key, value);
      };
      let text = session.task.instruction;
      for (;;) {
        const customer = /\(([^)\s]+@[^)\s]+)\)/.exec(text)?.[1] ?? 'unknown';
        if (/store credit/.test(text)) learn(`${customer}/method`, 'store_credit');
        const confirmTo = /work address, ([^\s,]+@[^\s,]+?)[,.]?\s/.exec(text)?.[1];
        if (confirmTo !== undefined) learn(`${customer}/email`, confirmTo);
        const orderId = /refund order (\w+)/i.exec(text)?.[1];
        let answer = 'Noted.';
        if (orderId !== undefined) {
          const order = await session.callTool('get_order', { order_id: orderId });
          const total = order.ok ? (order.result as { total_cents: number }).total_cents : 0;
          const method = recall(`${customer}/method`) ?? 'card';
          await session.callTool('process_refund', {
            order_id: orderId,
            amount_cents: total,
            method,
          });
          if (/confirmation/.test(text)) {
            await session.callTool('send_email', {
              to: recall(`${customer}/email`) ?? customer,
              subject: `Refund of order ${orderId}`,
              body: `Order ${orderId} is refunded.`,
            });
          }
          answer = `Order ${orderId} is refunded (${method}).`;
        }
        const reply = await session.sendToUser(answer);
        if (reply.type === 'stop') return { finalAnswer: null };
        text = reply.text;
      }
    },
  };
}

async function play(agent: Agent): Promise<Map<string, boolean>> {
  const suite = await loadMemorySuite();
  const { trials } = await runSuite({ suite, agent, trials: 1, store: createMemoryStore() });
  // The agent talks to the user, so a same-session episode really continues the conversation.
  for (const trial of trials) {
    const declared = trial.task_id.includes('same-session@2') ? 'same' : 'new';
    expect(trial.sequence?.session, trial.task_id).toBe(declared);
  }
  return new Map(trials.map((trial: TrialRecord) => [trial.task_id, trial.success]));
}

describe('memory suite', () => {
  it('plays its tasks only inside its four sequences, as episodes', async () => {
    const suite = await loadMemorySuite();
    expect(suite.sequences?.map((sequence) => sequence.id)).toEqual([
      'lena-new-session',
      'lena-same-session',
      'omar-new-session',
      'omar-same-session',
    ]);
    const { run, trials } = await runSuite({
      suite,
      agent: createOracleAgent(),
      trials: 1,
      store: createMemoryStore(),
    });
    expect(run.suite.task_ids).toHaveLength(8);
    expect(trials.every((trial) => trial.success && trial.sequence !== undefined)).toBe(true);
  });

  it('is passed across sessions only by an agent that remembers', async () => {
    const remembers = await play(deskAgent(true));
    const forgets = await play(deskAgent(false));
    expect([...remembers.values()].every(Boolean)).toBe(true);
    // In one conversation the forgetful agent still knows; in a new session it does not.
    expect(forgets.get('lena-same-session@2')).toBe(true);
    expect(forgets.get('omar-same-session@2')).toBe(true);
    expect(forgets.get('lena-new-session@2')).toBe(false);
    expect(forgets.get('omar-new-session@2')).toBe(false);
  });
});
