import { describe, expect, it } from 'vitest';
import type { StateSnapshot } from '../state/index.js';
import { typeCheckAssertions } from './type-check-assertions.js';

const s0: StateSnapshot = {
  orders: { '8842': { status: 'delivered', total_cents: 4299, items: ['mug'] } },
  refunds: {},
};
const refunded = {
  refunds: { 'RF-1': { before: null, after: { order_id: '8842', amount_cents: 4299 } } },
};

const errors = (assert: string[], diffs = [refunded]) =>
  typeCheckAssertions({ assert, s0, diffs }).map((problem) => `${problem.id}: ${problem.error}`);

describe('typeCheckAssertions', () => {
  it('accepts what works at run time on records of dyn fields', () => {
    expect(
      errors([
        'sT.refunds.filter(r, r.amount_cents == 4299).size() == 1',
        'sT_by_id.orders["8842"] == s0_by_id.orders["8842"]',
        'sT.orders.all(o, !has(o.refunded_at) || o.refunded_at != "")',
        'sT.shipments.size() == 0 && "8842" in sT_by_id.orders',
        'sT.orders.all(o, o.items.size() > 0 && o.status != null)',
      ]),
    ).toEqual([]);
  });

  it('refuses a field no record has, even in a branch no state reaches', () => {
    expect(
      errors([
        'sT.refunds.size() == 0 || sT.refunds[0].amount == 4299',
        'sT.orders.exists(o, o.status == "refunded" && o.refund_id != "")',
      ]),
    ).toEqual([
      'expect.assert[0]: No such key: amount',
      'expect.assert[1]: No such key: refund_id',
    ]);
  });

  it('knows the fields that only the final states have', () => {
    expect(errors(['sT.refunds.all(r, r.order_id == "8842")'], [])).toEqual([
      'expect.assert[0]: No such key: order_id',
    ]);
  });

  it('refuses an unknown function', () => {
    expect(errors(['sT.refunds.map(r, r.amount_cents).sum() == 4299'])).toEqual([
      "expect.assert[0]: found no matching overload for 'list.sum()'",
    ]);
  });
});
