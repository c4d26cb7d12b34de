import { describe, expect, it } from 'vitest';
import { canonicalJson, sha256Hex } from '../core/index.js';
import { diffStates } from './diff-states.js';
import { freezeState } from './frozen-state.js';
import { hashState } from './hash-state.js';
import { createWorkingState } from './working-state.js';

const s0 = {
  orders: {
    '8842': { customer: 'ana', status: 'delivered', total_cents: 4299, items: ['mug', 'tea'] },
    '8843': { customer: 'ana', status: 'delivered', total_cents: 1500, items: ['cup'] },
  },
  refunds: {},
};

describe('hashState', () => {
  it('ignores key order but not array order', () => {
    const reordered = {
      refunds: {},
      orders: {
        '8843': { items: ['cup'], total_cents: 1500, status: 'delivered', customer: 'ana' },
        '8842': { items: ['mug', 'tea'], total_cents: 4299, status: 'delivered', customer: 'ana' },
      },
    };
    expect(hashState(reordered)).toBe(hashState(s0));
    const swapped = structuredClone(s0);
    swapped.orders['8842'].items = ['tea', 'mug'];
    expect(hashState(swapped)).not.toBe(hashState(s0));
  });

  it('is the sum modulo 2^256 of the sha256 of each canonical record triple', () => {
    const single = { a: { x: { v: 1 } } };
    const expected = sha256Hex(canonicalJson(['a', 'x', { v: 1 }]));
    expect(hashState(single)).toBe(expected);
    const two = { a: { x: { v: 1 }, y: { v: 2 } } };
    const sum =
      (BigInt(`0x${expected}`) + BigInt(`0x${sha256Hex('["a","y",{"v":2}]')}`)) % (1n << 256n);
    expect(hashState(two)).toBe(sum.toString(16).padStart(64, '0'));
  });
});

describe('createWorkingState', () => {
  it('reads s0 until written and starts with the fixture hash', () => {
    const state = createWorkingState(freezeState(s0));
    expect(state.get('orders', '8842')?.status).toBe('delivered');
    expect(state.hash()).toBe(hashState(s0));
    expect(state.diff()).toEqual({});
  });

  it('records an update as a before/after diff and keeps s0 intact', () => {
    const base = freezeState(s0);
    const state = createWorkingState(base);
    state.update('orders', '8842', (order) => {
      order.status = 'refunded';
    });
    expect(state.diff()).toEqual({
      orders: {
        '8842': { before: s0.orders['8842'], after: { ...s0.orders['8842'], status: 'refunded' } },
      },
    });
    expect(base.snapshot.orders?.['8842']?.status).toBe('delivered');
    expect(state.hash()).toBe(hashState(state.snapshot()));
    expect(state.hash()).not.toBe(base.hash);
  });

  it('agrees with diffStates on inserts, deletes and no-op writes', () => {
    const state = createWorkingState(freezeState(s0));
    state.insert('refunds', state.nextId('refunds', 'RF'), { order_id: 8842, amount_cents: 4299 });
    state.delete('orders', '8843');
    state.put('orders', '8842', s0.orders['8842']);
    const after = state.snapshot();
    expect(state.diff()).toEqual(diffStates(s0, after));
    expect(Object.keys(state.diff())).toEqual(['orders', 'refunds']);
    expect(state.ids('refunds')).toEqual(['RF1']);
    expect(state.hash()).toBe(hashState(after));
  });

  it('sees no change in a record written back to its s0 value, in any key order', () => {
    const state = createWorkingState(freezeState(s0));
    state.update('orders', '8842', (order) => {
      order.status = 'refunded';
    });
    state.update('orders', '8842', (order) => {
      order.status = 'delivered';
    });
    state.put('orders', '8843', {
      items: ['cup'],
      total_cents: 1500,
      status: 'delivered',
      customer: 'ana',
    });
    state.insert('refunds', 'RF1', { order_id: 8842 });
    state.delete('refunds', 'RF1');
    expect(state.diff()).toEqual({});
    expect(state.hash()).toBe(hashState(s0));
    state.put('orders', '8843', { ...s0.orders['8843'], items: ['cup', 'cup'] });
    expect(Object.keys(state.diff().orders ?? {})).toEqual(['8843']);
    expect(state.hash()).toBe(hashState(state.snapshot()));
  });

  it('returns to s0 on reset', () => {
    const state = createWorkingState(freezeState(s0));
    state.delete('orders', '8842');
    state.insert('outbox', 'm1', { to: 'ana@example.com' });
    state.reset();
    expect(state.snapshot()).toEqual(s0);
    expect(state.hash()).toBe(hashState(s0));
  });

  it('hands out frozen records so tools cannot change s0 behind its back', () => {
    const state = createWorkingState(freezeState(s0));
    const order = state.get('orders', '8842')!;
    expect(() => {
      (order as { status: string }).status = 'x';
    }).toThrow(TypeError);
  });

  it('keeps an id "__proto__" in its diff and snapshot (found by test/property)', () => {
    const state = createWorkingState(freezeState(s0));
    state.put('refunds', '__proto__', { order_id: 8842 });
    expect(JSON.stringify(state.diff())).toBe(
      '{"refunds":{"__proto__":{"before":null,"after":{"order_id":8842}}}}',
    );
    expect(Object.keys(state.snapshot().refunds!)).toEqual(['__proto__']);
    expect(state.hash()).toBe(hashState(state.snapshot()));
  });

  it('refuses a write JSON cannot hold, naming the record and field, and keeps the state', () => {
    const state = createWorkingState(freezeState(s0));
    expect(() =>
      state.update('orders', '8842', (order) => {
        order.total_cents = NaN;
      }),
    ).toThrow('cannot write orders/8842.total_cents: it is NaN, which JSON cannot hold');
    const cycle: Record<string, unknown> = {};
    cycle['self'] = cycle;
    expect(() => state.put('refunds', 'RF1', { items: [cycle] } as never)).toThrow(
      'cannot write refunds/RF1.items[0].self: it is a circular reference',
    );
    expect(() => state.insert('refunds', 'RF2', { id: 2n } as never)).toThrow(
      'cannot write refunds/RF2.id: it is the BigInt 2n',
    );
    expect(state.diff()).toEqual({});
    expect(state.hash()).toBe(hashState(s0));
  });

  it('refuses to insert over an existing id', () => {
    const state = createWorkingState(freezeState(s0));
    expect(() => state.insert('orders', '8842', {})).toThrow(/id exists/);
  });
});
