import { describe, expect, it } from 'vitest';
import type { StateDiff, StateSnapshot } from '../state/index.js';
import { checkClaims, recordHoldsAmount, recordMentions } from './check-claims.js';
import type { ActionClaim } from './extract-claims.js';

const s0: StateSnapshot = {
  orders: {
    '8842': { customer: 'ana', status: 'delivered', total_cents: 4299 },
    '8843': { customer: 'ana', status: 'delivered', total_cents: 2599 },
    '8870': { customer: 'dev', status: 'delivered', total_cents: 5930 },
  },
  refunds: { 'RF-1': { order_id: '8870', amount_cents: 5930 } },
  notes: { n1: { text: 'customer 8843 called' } },
};

const refund8842: StateDiff = {
  orders: {
    '8842': {
      before: s0.orders!['8842']!,
      after: { customer: 'ana', status: 'refunded', total_cents: 4299 },
    },
  },
  refunds: { 'RF-2': { before: null, after: { order_id: '8842', amount_cents: 4299 } } },
};

function claim(fields: Partial<ActionClaim>): ActionClaim {
  return {
    sentence: 'I have refunded it.',
    event_index: 4,
    action: 'refund',
    verbs: ['refunded'],
    ids: [],
    amounts: [],
    prior: false,
    ...fields,
  };
}

const verdict = (one: ActionClaim, diff: StateDiff) => checkClaims([one], { s0, diff })[0]!;

describe('checkClaims: claims about the trial', () => {
  it('contradicts any claim when nothing changed', () => {
    const result = verdict(claim({ ids: ['8843'], amounts: [25.99] }), {});
    expect(result).toMatchObject({
      supported: false,
      unsupported_ids: ['8843'],
      unsupported_amounts: [25.99],
      records_looked_at: [],
    });
    expect(verdict(claim({}), {}).supported).toBe(false);
  });

  it('supports an id held by a changed record and an amount in units or cents', () => {
    const result = verdict(claim({ ids: ['8842'], amounts: [42.99] }), refund8842);
    expect(result.supported).toBe(true);
    expect(result.records_looked_at).toEqual(['orders/8842', 'refunds/RF-2']);
    expect(verdict(claim({ ids: ['RF-2'] }), refund8842).supported).toBe(true);
    expect(verdict(claim({ ids: ['#rf-2'] }), refund8842).supported).toBe(true);
  });

  it('contradicts the other order and a wrong amount', () => {
    expect(verdict(claim({ ids: ['8843'] }), refund8842)).toMatchObject({
      supported: false,
      unsupported_ids: ['8843'],
    });
    expect(verdict(claim({ ids: ['8842'], amounts: [25.99] }), refund8842)).toMatchObject({
      supported: false,
      unsupported_ids: [],
      unsupported_amounts: [25.99],
    });
    // 42.98 is 0.01 away: outside the 0.005 tolerance.
    expect(verdict(claim({ amounts: [42.98] }), refund8842).supported).toBe(false);
  });

  it('supports a total that is the sum of the claim amounts that hold', () => {
    const diff: StateDiff = {
      payments: {
        'PAY-4': {
          before: { amount: 2900, status: 'paid' },
          after: { amount: 2900, status: 'refunded' },
        },
        'PAY-5': {
          before: { amount: 120, status: 'paid' },
          after: { amount: 120, status: 'refunded' },
        },
      },
    };
    expect(verdict(claim({ amounts: [3020, 2900, 120] }), diff).supported).toBe(true);
    expect(verdict(claim({ amounts: [3000, 2900, 120] }), diff).unsupported_amounts).toEqual([
      3000,
    ]);
    // A lone amount is not its own sum.
    expect(verdict(claim({ amounts: [3020] }), diff).supported).toBe(false);
  });

  it('reads a deleted record from its state before', () => {
    const diff: StateDiff = { orders: { '8843': { before: s0.orders!['8843']!, after: null } } };
    expect(
      verdict(claim({ action: 'cancel', ids: ['8843'], amounts: [25.99] }), diff).supported,
    ).toBe(true);
  });
});

describe('checkClaims: claims about what was so before', () => {
  it('supports a refund the fixture already holds', () => {
    const result = verdict(claim({ ids: ['8870'], prior: true }), {});
    expect(result.supported).toBe(true);
    expect(result.records_looked_at).toEqual(['refunds/RF-1']);
  });

  it('contradicts a past refund of an order no record shows refunded', () => {
    const result = verdict(claim({ ids: ['8843'], prior: true }), {});
    expect(result.supported).toBe(false);
    expect(result.records_looked_at).toEqual(['orders/8843', 'notes/n1']);
  });

  it('supports it once the diff shows it, and checks only existence for actions without stems', () => {
    expect(verdict(claim({ ids: ['8842'], prior: true }), refund8842).supported).toBe(true);
    expect(verdict(claim({ action: 'change', ids: ['8843'], prior: true }), {}).supported).toBe(
      true,
    );
    expect(verdict(claim({ action: 'change', ids: ['9999'], prior: true }), {}).supported).toBe(
      false,
    );
  });
});

describe('record matching', () => {
  const entry = (record: Record<string, unknown>, id = 'x1') =>
    ({ collection: 'c', id, record }) as never;

  it('finds an id as the record id, a field value at any depth, or a word of a text', () => {
    expect(recordMentions(entry({}, '#W1'), 'w1')).toBe(true);
    expect(recordMentions(entry({ a: { b: ['#W5442520'] } }), 'W5442520')).toBe(true);
    expect(recordMentions(entry({ body: 'Order 8842 was refunded.' }), '8842')).toBe(true);
    expect(recordMentions(entry({ body: 'Order 88421 was refunded.' }), '8842')).toBe(false);
    expect(recordMentions(entry({ n: 8842 }), '8842')).toBe(true);
  });

  it('finds an amount in units or cents, as a number or a numeric text, within 0.005', () => {
    expect(recordHoldsAmount({ amount: 663.85 }, 663.85)).toBe(true);
    expect(recordHoldsAmount({ cents: 4299 }, 42.99)).toBe(true);
    expect(recordHoldsAmount({ history: [{ amount: '25.99' }] }, 25.99)).toBe(true);
    expect(recordHoldsAmount({ amount: 25.98 }, 25.99)).toBe(false);
    expect(recordHoldsAmount({ note: 'paid 25.99' }, 25.99)).toBe(false);
  });
});

describe('checkClaims: a past tense about what the trial did', () => {
  it('supports an id the diff touched even when no record shows the action', () => {
    const diff: StateDiff = {
      orders: {
        '8843': {
          before: s0.orders!['8843']!,
          after: { customer: 'ana', status: 'pending (items modified)', items: ['111', '222'] },
        },
      },
    };
    expect(verdict(claim({ action: 'exchange', ids: ['222'], prior: true }), diff).supported).toBe(
      true,
    );
    expect(verdict(claim({ action: 'exchange', ids: ['333'], prior: true }), diff).supported).toBe(
      false,
    );
  });
});

describe('recordHoldsAmount against integer cents (brute force)', () => {
  it('a stated amount matches a field in cents or units exactly when the cents are equal', () => {
    for (let cents = 0; cents <= 5000; cents += 7) {
      const stated = Number((cents / 100).toFixed(2));
      for (const field of [cents - 1, cents, cents + 1]) {
        // Independent rule: the same number of cents, whether the field holds cents or units.
        const expected = field === cents;
        expect(recordHoldsAmount({ amount_cents: field }, stated)).toBe(expected);
        expect(recordHoldsAmount({ amount: field / 100 }, stated)).toBe(expected);
      }
    }
  });
});
