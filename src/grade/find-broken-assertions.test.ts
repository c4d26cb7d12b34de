import { describe, expect, it } from 'vitest';
import type { StateSnapshot } from '../state/index.js';
import { findBrokenAssertions } from './find-broken-assertions.js';

const s0: StateSnapshot = { orders: { '8842': { status: 'delivered', total_cents: 4299 } } };
const refunded = {
  name: 'refunded',
  diff: {
    orders: {
      '8842': {
        before: { status: 'delivered', total_cents: 4299 },
        after: { status: 'refunded', total_cents: 4299 },
      },
    },
    refunds: { 'RF-1': { before: null, after: { order_id: '8842', amount_cents: 4299 } } },
  },
};
const nothing = { name: 's0', diff: {} };

describe('findBrokenAssertions', () => {
  it('returns nothing for assertions that are true or false on every state', () => {
    expect(
      findBrokenAssertions({
        assert: ['sT.refunds.size() == 1', 'sT_by_id.orders["8842"].status == "refunded"'],
        s0,
        states: [nothing, refunded],
      }),
    ).toEqual([]);
  });

  it('names each broken assertion once, on the first state it breaks on', () => {
    expect(
      findBrokenAssertions({
        assert: [
          'sT.refunds.size() == 0 || sT.refunds[0].amount_cents * 2 > 0',
          'sT_by_id.orders["8842"].refunded_at == ""',
          'true',
        ],
        s0,
        states: [nothing, refunded],
      }),
    ).toEqual([
      {
        id: 'expect.assert[0]',
        index: 0,
        expression: 'sT.refunds.size() == 0 || sT.refunds[0].amount_cents * 2 > 0',
        error: 'no such overload: dyn<double> * int',
        state: 'refunded',
      },
      {
        id: 'expect.assert[1]',
        index: 1,
        expression: 'sT_by_id.orders["8842"].refunded_at == ""',
        error: 'No such key: refunded_at',
        state: 's0',
      },
    ]);
  });
});
