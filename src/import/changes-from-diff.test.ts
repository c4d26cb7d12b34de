import { describe, expect, it } from 'vitest';
import { gradeOutcome } from '../grade/index.js';
import { ExpectSchema } from '../schema/index.js';
import type { StateSnapshot } from '../state/index.js';
import { diffStates } from '../state/index.js';
import { changesFromDiff } from './changes-from-diff.js';

const s0: StateSnapshot = {
  users: {
    u1: {
      address: { city: 'Denver', zip: '80279' },
      payment_methods: { gift_card_1: { balance: 64 } },
    },
  },
  orders: {
    '#W1': { status: 'pending', history: [{ amount: 10 }], note: 'x' },
    '#W2': { status: 'pending' },
  },
};

const sT: StateSnapshot = {
  users: {
    u1: {
      address: { city: 'Boulder', zip: '80279' },
      payment_methods: { gift_card_1: { balance: 54.5 } },
    },
  },
  orders: {
    '#W1': {
      status: 'cancelled',
      history: [{ amount: 10 }, { amount: -10 }],
      cancel_reason: 'no longer needed',
      note: 'x',
    },
    '#W3': { status: 'pending' },
  },
};

describe('changesFromDiff', () => {
  it('names each changed leaf, descending objects but not arrays', () => {
    expect(changesFromDiff(diffStates(s0, sT))).toEqual([
      { set: 'orders/#W1/status', to: 'cancelled' },
      { set: 'orders/#W1/history', to: [{ amount: 10 }, { amount: -10 }] },
      { set: 'orders/#W1/cancel_reason', to: 'no longer needed' },
      { delete: 'orders/#W2' },
      { insert: 'orders', match: { status: 'pending' }, count: 1 },
      { set: 'users/u1/address/city', to: 'Boulder' },
      { set: 'users/u1/payment_methods/gift_card_1/balance', to: 54.5 },
    ]);
  });

  it('gives an outcome that accepts exactly that end state', () => {
    const diff = diffStates(s0, sT);
    const expected = ExpectSchema.parse({ changes: changesFromDiff(diff) });
    expect(gradeOutcome({ expect: expected, s0, diff }).pass).toBe(true);
    const almost = structuredClone(sT) as {
      users: { u1: { payment_methods: { gift_card_1: { balance: number } } } };
    };
    almost.users.u1.payment_methods.gift_card_1.balance = 54.50000000000001;
    const grade = gradeOutcome({
      expect: expected,
      s0,
      diff: diffStates(s0, almost),
    });
    expect(grade.checks.filter((check) => !check.pass).map((check) => check.id)).toEqual([
      'expect.changes[6]',
    ]);
  });
});
