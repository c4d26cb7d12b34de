import { describe, expect, it } from 'vitest';
import { createMemoryStore, createOracleAgent, environmentAt, loadSuite, runSuite } from 'endstate';
import type { Agent, ToolCallResult } from 'endstate';
import { createToolHarness } from 'endstate/testing';
import environment from './environment.js';

const NOW = '2026-10-05T09:00:00Z';
const WINDOW_14 = { ...environment.fixture.snapshot, settings: { refunds: { window_days: 14 } } };

function resultOf(response: ToolCallResult): unknown {
  if (!response.ok) throw new Error(`expected success, got ${JSON.stringify(response.error)}`);
  return response.result;
}

describe('drift-store environment versions', () => {
  it('refunds order A101 (20 days old) under the 30-day window only', async () => {
    const base = createToolHarness(environment, { clock: NOW });
    expect(resultOf(await base.call('check_eligibility', { order_id: 'A101' }))).toMatchObject({
      eligible: true,
      window_days: 30,
    });
    const later = createToolHarness(environmentAt(environment, '14-day-window'), {
      clock: NOW,
      fixture: WINDOW_14,
    });
    expect(resultOf(await later.call('check_eligibility', { order_id: 'A101' }))).toMatchObject({
      eligible: false,
      window_days: 14,
    });
  });

  it('changes the policy text and what process_refund does in the store-credit version', async () => {
    const credit = environmentAt(environment, 'store-credit');
    expect(environment.policy).toContain('30 days');
    expect(credit.policy).toContain('store credit');
    const tools = createToolHarness(credit, { clock: NOW, fixture: WINDOW_14 });
    await tools.call('check_eligibility', { order_id: 'A102' });
    expect(
      resultOf(await tools.call('process_refund', { order_id: 'A102', amount_cents: 6200 })),
    ).toEqual({ credit_id: 'CR-1', to: 'store_credit' });
    expect(tools.state.ids('refunds')).toEqual([]);
  });
});

/** Refunds whatever it is asked to, to the card, whatever the version says. */
const driftBlind: Agent = {
  spec: { kind: 'test', name: 'drift-blind', version: '1', options: {} },
  readsReference: false,
  async run(session) {
    const orderId = /order (A\d+)/.exec(session.task.instruction)?.[1] ?? '';
    const order = await session.callTool('get_order', { order_id: orderId });
    const total = order.ok ? (order.result as { total_cents: number }).total_cents : 0;
    await session.callTool('check_eligibility', { order_id: orderId });
    await session.callTool('process_refund', { order_id: orderId, amount_cents: total });
    return { finalAnswer: `Order ${orderId} is refunded to your card.` };
  },
};

describe('drift suite', () => {
  const load = () => loadSuite('examples/drift', { importModule: (url) => import(url) });

  it('is solved by the oracle on every episode, on every version', async () => {
    const { trials } = await runSuite({
      suite: await load(),
      agent: createOracleAgent(),
      trials: 1,
      store: createMemoryStore(),
    });
    expect(trials.filter((trial) => !trial.success).map((trial) => trial.task_id)).toEqual([]);
    expect(trials.find((trial) => trial.task_id === 'full-drift@3')?.sequence).toEqual({
      id: 'full-drift',
      episode: 3,
      task: 'credit-a102',
      session: 'new',
      version: 'store-credit',
    });
  });

  it('fails an agent that ignores the drift after, and only after, the environment changes', async () => {
    const { trials } = await runSuite({
      suite: await load(),
      agent: driftBlind,
      trials: 1,
      store: createMemoryStore(),
    });
    const failed = trials.filter((trial) => !trial.success).map((trial) => trial.task_id);
    expect(failed.sort()).toEqual([
      'credit-switch@2',
      'full-drift@2',
      'full-drift@3',
      'window-shrinks@2',
    ]);
  });
});
