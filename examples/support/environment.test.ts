import { describe, expect, it } from 'vitest';
import { loadSuite } from 'endstate';
import type { ToolCallResult } from 'endstate';
import { createToolHarness } from 'endstate/testing';
import environment from './environment.js';
import { SupportStateSchema } from './order-records.js';

const NOW = '2026-10-05T09:00:00Z';

function setup() {
  return createToolHarness(environment, { clock: NOW });
}

function resultOf(response: ToolCallResult): unknown {
  if (!response.ok) throw new Error(`expected success, got ${JSON.stringify(response.error)}`);
  return response.result;
}

function orderIds(response: ToolCallResult): string[] {
  const result = resultOf(response) as { matches?: { order_id: string }[] };
  return (result.matches ?? []).map((match) => match.order_id);
}

describe('support environment: search_orders', () => {
  it('answers an empty query and an unknown customer with no_match', async () => {
    const { call } = setup();
    expect(resultOf(await call('search_orders', { query: '  ' }))).toEqual({ no_match: true });
    expect(resultOf(await call('search_orders', { query: 'nobody@example.com' }))).toEqual({
      no_match: true,
    });
  });

  it('finds orders by email, by name and by order id', async () => {
    const { call } = setup();
    expect(orderIds(await call('search_orders', { query: 'ana@example.com' }))).toEqual([
      '8841',
      '8842',
      '8843',
    ]);
    expect(orderIds(await call('search_orders', { query: 'Hana' }))).toEqual(['8901', '8902']);
    expect(orderIds(await call('search_orders', { query: 'ana' }))).toEqual([
      '8841',
      '8842',
      '8843',
    ]);
    expect(orderIds(await call('search_orders', { query: '#8842' }))).toEqual(['8842']);
    expect(orderIds(await call('search_orders', { query: 'chloe martin' }))).toEqual(['8860']);
  });
});

describe('support environment: reading orders', () => {
  it('returns an order with its customer and past refunds', async () => {
    const { call } = setup();
    const order = resultOf(await call('get_order', { order_id: '8870' }));
    expect(order).toMatchObject({
      order_id: '8870',
      status: 'refunded',
      customer: { customer_id: 'C-104', email: 'dev@example.com' },
      refunds: [{ refund_id: 'RF-1', amount_cents: 5930, refunded_at: '2026-09-22T10:15:00Z' }],
    });
  });

  it('answers an unknown order id with order_not_found', async () => {
    const { call } = setup();
    const response = await call('get_order', { order_id: '1234' });
    expect(!response.ok && response.error.code).toBe('order_not_found');
  });

  it.each([
    ['8842', true, 'within_return_window'],
    ['8850', false, 'outside_return_window'],
    ['8860', false, 'final_sale'],
    ['8870', false, 'already_refunded'],
    ['8890', false, 'not_delivered'],
  ])(
    'judges the eligibility of order %s against the frozen clock',
    async (id, eligible, reason) => {
      const { call } = setup();
      expect(resultOf(await call('check_eligibility', { order_id: id }))).toMatchObject({
        order_id: id,
        eligible,
        reason,
      });
    },
  );

  it('refunds items and tax but not shipping', async () => {
    const { call } = setup();
    expect(resultOf(await call('calculate_refund', { order_id: '8842' }))).toMatchObject({
      amount_cents: 4299,
      amount_formatted: '$42.99',
    });
    expect(resultOf(await call('calculate_refund', { order_id: '8851' }))).toMatchObject({
      amount_cents: 1899,
      shipping_cents_not_refunded: 499,
    });
  });
});

describe('support environment: process_refund', () => {
  it('refuses a refund before check_eligibility, naming the tool, and changes nothing', async () => {
    const { call, state } = setup();
    const response = await call('process_refund', { order_id: '8842', amount_cents: 4299 });
    expect(response.ok).toBe(false);
    expect(!response.ok && response.error.code).toBe('check_eligibility_required');
    expect(!response.ok && response.error.message).toMatch(/check_eligibility/);
    expect(state.diff()).toEqual({});
  });

  it('does not accept an eligibility check of another order', async () => {
    const { call } = setup();
    await call('check_eligibility', { order_id: '8842' });
    const response = await call('process_refund', { order_id: '8843', amount_cents: 2599 });
    expect(!response.ok && response.error.code).toBe('check_eligibility_required');
  });

  it('refuses a wrong amount and an ineligible order', async () => {
    const { call, state } = setup();
    await call('check_eligibility', { order_id: '8851' });
    const wrongAmount = await call('process_refund', { order_id: '8851', amount_cents: 2398 });
    expect(!wrongAmount.ok && wrongAmount.error.code).toBe('amount_mismatch');
    await call('check_eligibility', { order_id: '8850' });
    const ineligible = await call('process_refund', { order_id: '8850', amount_cents: 6400 });
    expect(!ineligible.ok && ineligible.error).toMatchObject({
      code: 'not_eligible',
      reason: 'outside_return_window',
    });
    expect(state.diff()).toEqual({});
  });

  it('refunds 8842: only its status changes and one refund is recorded', async () => {
    const { call, state } = setup();
    await call('check_eligibility', { order_id: '8842' });
    const response = await call('process_refund', { order_id: '8842', amount_cents: 4299 });
    expect(resultOf(response)).toMatchObject({ refund_id: 'RF-2', status: 'refunded' });
    const before = environment.fixture.snapshot.orders?.['8842'] ?? null;
    expect(state.diff()).toEqual({
      orders: { '8842': { before, after: { ...before, status: 'refunded' } } },
      refunds: {
        'RF-2': {
          before: null,
          after: { order_id: '8842', amount_cents: 4299, refunded_at: '2026-10-05T09:00:00.000Z' },
        },
      },
    });
  });

  it('refuses to refund the same order twice', async () => {
    const { call } = setup();
    await call('check_eligibility', { order_id: '8842' });
    await call('process_refund', { order_id: '8842', amount_cents: 4299 });
    const again = await call('process_refund', { order_id: '8842', amount_cents: 4299 });
    expect(!again.ok && again.error).toMatchObject({
      code: 'not_eligible',
      reason: 'already_refunded',
    });
  });
});

describe('support environment: send_email', () => {
  it('records the email in the outbox', async () => {
    const { call, state } = setup();
    const response = await call('send_email', {
      to: 'ana@example.com',
      subject: 'Your refund',
      body: 'We refunded $42.99.',
    });
    expect(resultOf(response)).toEqual({ sent: true, message_id: 'msg-1', to: 'ana@example.com' });
    expect(state.list('outbox')).toEqual([
      {
        channel: 'email',
        to: 'ana@example.com',
        subject: 'Your refund',
        body: 'We refunded $42.99.',
        sent_at: '2026-10-05T09:00:00.000Z',
      },
    ]);
  });

  it('rejects an address that is not an email', async () => {
    const { call } = setup();
    const response = await call('send_email', { to: 'Ana', subject: 'x', body: 'y' });
    expect(!response.ok && response.error.code).toBe('invalid_arguments');
  });
});

describe('support suite', () => {
  it('has a fixture whose records fit the schemas the tools read', () => {
    expect(SupportStateSchema.safeParse(environment.fixture.snapshot).success).toBe(true);
  });

  it('loads every task (schema, tools, reference arguments, CEL, script patterns)', async () => {
    const suite = await loadSuite('examples/support', { importModule: (url) => import(url) });
    expect(suite.tasks.length).toBeGreaterThanOrEqual(12);
    expect(suite.tasks.map((task) => task.id)).toContain('refund-8842');
    for (const task of suite.tasks) {
      expect(task.spec.constraints).toContainEqual({ consent: 'irreversible' });
      expect(task.spec.known_bad.length).toBeGreaterThan(0);
      expect(task.spec.reference.at(-1)).toHaveProperty('say');
    }
  });
});

describe('support environment: scope rules', () => {
  // Ben (C-102) talking: Ana's order 8842 (C-101) is out of scope.
  const scoped = () => createToolHarness(environment, { clock: NOW, scopeOwner: 'C-102' });
  const scopeOf = (tools: ReturnType<typeof scoped>) =>
    tools.log.events.flatMap((event) => (event.kind === 'tool_call' ? [event.scope] : []));

  it("refuses every order tool on another customer's order, and nothing changes", async () => {
    const tools = scoped();
    const before = tools.state.hash();
    for (const [tool, args] of [
      ['get_order', { order_id: '8842' }],
      ['check_eligibility', { order_id: '8842' }],
      ['calculate_refund', { order_id: '8842' }],
      ['process_refund', { order_id: '8842', amount_cents: 4299 }],
      ['send_email', { to: 'ana@example.com', subject: 'Refund', body: 'Done.' }],
      ['search_orders', { query: 'ana@example.com' }],
    ] as const) {
      const response = await tools.call(tool, args);
      expect(response, tool).toMatchObject({ ok: false, error: { code: 'out_of_scope' } });
    }
    expect(scopeOf(tools)).toEqual(['C-101', 'C-101', 'C-101', 'C-101', 'C-101', 'C-101']);
    expect(tools.state.hash()).toBe(before);
  });

  it("serves the customer's own records, and a search across customers names no owner", async () => {
    const tools = scoped();
    expect((await tools.call('search_orders', { query: 'ben@example.com' })).ok).toBe(true);
    expect((await tools.call('search_orders', { query: 'Hana' })).ok).toBe(true);
    expect(scopeOf(tools)).toEqual(['C-102', undefined]);
  });
});
