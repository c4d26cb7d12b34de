import { describe, expect, it } from 'vitest';
import { ExpectSchema, describeCheckDetail } from '../schema/index.js';
import type { Check, TrialEvent } from '../schema/index.js';
import type { StateSnapshot } from '../state/index.js';
import { diffStates } from '../state/index.js';
import { gradeConstraints } from './constraints.js';
import { gradeOutcome } from './outcome.js';
import { gradeResponse } from './response.js';

const s0: StateSnapshot = {
  orders: {
    '8842': { customer: 'ana', status: 'delivered', total_cents: 4299 },
    '8843': { customer: 'ana', status: 'delivered', total_cents: 1500 },
  },
  refunds: {},
};

/** sT where the tool wrote `refunded` and a refund in dollars instead of cents. */
const diff = diffStates(s0, {
  ...s0,
  orders: { ...s0.orders, '8842': { ...s0.orders!['8842']!, status: 'refunded' } },
  refunds: { 'RF-1': { order_id: '8842', amount_cents: 42.99 } },
});

const grade = (spec: Record<string, unknown>): Check[] =>
  gradeOutcome({ expect: ExpectSchema.parse({ unchanged: 'ignore', ...spec }), s0, diff }).checks;

describe('the detail of a failed check', () => {
  it('a set names the path, the expected value and the actual value', () => {
    const [check] = grade({ changes: [{ set: 'orders/8842/status', to: 'reimbursed' }] });
    expect(check).toMatchObject({
      pass: false,
      path: 'orders/8842/status',
      expected: 'reimbursed',
      actual: 'refunded',
    });
    expect(describeCheckDetail(check!)).toBe(
      'orders/8842/status expected "reimbursed", actual "refunded"',
    );
  });

  it('a set on an absent field says the value is absent', () => {
    const [check] = grade({ changes: [{ set: 'orders/8842/refund_id', to: 'RF-1' }] });
    expect(check).not.toHaveProperty('actual');
    expect(describeCheckDetail(check!)).toBe(
      'orders/8842/refund_id expected "RF-1", actual absent',
    );
  });

  it('a passing check carries no detail (its record stays as it was)', () => {
    const [check] = grade({ changes: [{ set: 'orders/8842/status', to: 'refunded' }] });
    expect(Object.keys(check!).sort()).toEqual(['evidence', 'id', 'kind', 'message', 'pass']);
    expect(describeCheckDetail(check!)).toBeNull();
  });

  it('an insert names the match and count expected and the new records found', () => {
    const [check] = grade({
      changes: [{ insert: 'refunds', match: { order_id: '8842', amount_cents: 4299 } }],
    });
    expect(check).toMatchObject({
      pass: false,
      path: 'refunds',
      expected: { count: 'at least 1', match: { order_id: '8842', amount_cents: 4299 } },
      actual: { count: 0, new_records: [{ order_id: '8842', amount_cents: 42.99 }] },
    });
  });

  it('an assertion names its expression and the values of the comparison it read', () => {
    const [check] = grade({
      assert: ['sT.refunds.filter(r, r.amount_cents == 4299).size() == 1'],
    });
    expect(check).toMatchObject({
      pass: false,
      expression: 'sT.refunds.filter(r, r.amount_cents == 4299).size() == 1',
      read: [{ expression: 'sT.refunds.filter(r, r.amount_cents == 4299).size()', value: 0 }],
    });
    expect(describeCheckDetail(check!)).toBe(
      'sT.refunds.filter(r, r.amount_cents == 4299).size() == 1 is false: sT.refunds.filter(r, r.amount_cents == 4299).size() = 0',
    );
  });

  it('an assertion reads only the false side of &&, both sides of a comparison that reads state', () => {
    const [check] = grade({
      assert: [
        'sT_by_id.orders["8843"].status == "delivered" && sT_by_id.orders["8842"].status == s0_by_id.orders["8842"].status',
      ],
    });
    expect(check?.read).toEqual([
      { expression: 'sT_by_id.orders["8842"].status', value: 'refunded' },
      { expression: 's0_by_id.orders["8842"].status', value: 'delivered' },
    ]);
  });

  it('an all() reads the elements where its predicate fails', () => {
    const [check] = grade({ assert: ['sT.orders.all(o, o.status == "delivered")'] });
    expect(check?.read).toEqual([
      {
        expression: 'sT.orders.filter(o, !(o.status == "delivered"))',
        value: [{ customer: 'ana', status: 'refunded', total_cents: 4299 }],
      },
    ]);
  });

  it('a passing assertion reads nothing', () => {
    const [check] = grade({ assert: ['sT.refunds.size() == 1'] });
    expect(check).toMatchObject({ pass: true });
    expect(check).not.toHaveProperty('read');
  });

  it('a fact not said names the fact and the last messages it was looked for in', () => {
    const events: TrialEvent[] = [
      { t_ms: 0, kind: 'user', source: 'instruction', text: 'Refund order 8842.' },
      { t_ms: 1, kind: 'agent', text: 'Refunded $43.00 for order 8842.', final: true },
    ] as TrialEvent[];
    const [check] = gradeResponse({ communicate: ['42.99'], events }).checks;
    expect(describeCheckDetail(check!)).toBe(
      `the agent's messages to the user expected "42.99", actual ["Refunded $43.00 for order 8842."]`,
    );
  });

  it('a forbidden tool names the attempts expected and made', () => {
    const events = [
      { t_ms: 0, kind: 'tool_call', call_id: 'c1', tool: 'delete_order', args: {}, by: 'agent' },
      { t_ms: 1, kind: 'tool_result', call_id: 'c1', ok: true, result: {}, duration_ms: 1 },
    ] as unknown as TrialEvent[];
    const [check] = gradeConstraints({
      constraints: [{ forbid: { tool: 'delete_order' } }],
      events,
      effectOf: () => 'write',
    });
    expect(describeCheckDetail(check!)).toBe('attempts of delete_order expected 0, actual 1');
  });

  it('a delete of a record still there names it, expected absent', () => {
    const [check] = grade({ changes: [{ delete: 'orders/8843' }] });
    expect(describeCheckDetail(check!)).toBe(
      'orders/8843 expected absent, actual {"customer":"ana","status":"delivered","total_cents":1500}',
    );
  });

  it('an unexpected change shows the fields as they were and as they are', () => {
    const collateral = gradeOutcome({
      expect: ExpectSchema.parse({ changes: [{ insert: 'refunds', match: { order_id: '8842' } }] }),
      s0,
      diff,
    }).checks.find((check) => check.kind === 'collateral');
    expect(collateral).toMatchObject({ kind: 'collateral', pass: false });
    expect(describeCheckDetail(collateral!)).toBe(
      'orders/8842 expected {"status":"delivered"}, actual {"status":"refunded"}',
    );
  });

  it('consent and repeated calls name the rule, what it allows and what happened', () => {
    const call = (id: string, t: number): TrialEvent[] =>
      [
        {
          t_ms: t,
          kind: 'tool_call',
          call_id: id,
          tool: 'refund',
          args: { order: 1 },
          by: 'agent',
        },
        { t_ms: t + 1, kind: 'tool_result', call_id: id, ok: true, result: {}, duration_ms: 1 },
      ] as unknown as TrialEvent[];
    const [consent, repeated] = gradeConstraints({
      constraints: [{ consent: 'write' }, { max_identical_calls: 1 }],
      events: [...call('c1', 0), ...call('c2', 2)],
      effectOf: () => 'write',
    });
    expect(describeCheckDetail(consent!)).toBe(
      "calls that change state without the user's confirmation expected 0, actual 2",
    );
    expect(describeCheckDetail(repeated!)).toBe('identical calls of refund expected 1, actual 2');
  });
});
