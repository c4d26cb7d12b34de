import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkRetailFixture } from '../check-retail-fixture.js';
import { loadRetailData } from '../load-retail-data.js';
import type { RetailData } from '../load-retail-data.js';
import { pythonRound2 } from '../../taubench/index.js';
import type { RetailOrder, RetailUser } from '../retail-records.js';
import { createHeldoutMapping } from './heldout-mapping.js';
import type { HeldoutMapping } from './heldout-mapping.js';
import { renameRetailData } from './rename-retail-data.js';

const dataFolder = fileURLToPath(new URL('../../../../examples/retail/data/', import.meta.url));

let data: RetailData;
let mapping: HeldoutMapping;
beforeAll(() => {
  data = loadRetailData(dataFolder);
  mapping = createHeldoutMapping(data, 7);
});

const invert = <K, V>(map: ReadonlyMap<K, V>): Map<V, K> =>
  new Map([...map].map(([key, value]) => [value, key]));

describe('createHeldoutMapping', () => {
  it('is a bijection onto values the data does not use', () => {
    for (const map of [mapping.atoms, mapping.names, mapping.streets]) {
      expect(new Set(map.values()).size).toBe(map.size);
      for (const value of map.values()) expect(map.has(value)).toBe(false);
    }
    // Prices are amounts, not names: one to one, though a new price may be another's old one.
    expect(new Set(mapping.prices.values()).size).toBe(mapping.prices.size);
    const nameParts = new Set([...mapping.names.keys()].map((name) => name.toLowerCase()));
    for (const name of mapping.names.values())
      expect(nameParts.has(name.toLowerCase())).toBe(false);
  });

  it('keeps the shape of every id', () => {
    const shapes: [RegExp, RegExp][] = [
      [/^#W\d{7}$/, /^#W\d{7}$/],
      [/^\d{10}$/, /^\d{10}$/],
      [/^\d{12}$/, /^\d{12}$/],
      [/^(credit_card|gift_card|paypal)_\d{7}$/, /^(credit_card|gift_card|paypal)_\d{7}$/],
      [/^[a-z]+_[a-z]+_\d{4}$/, /^[a-z]+_[a-z]+_\d{4}$/],
      [/^[a-z]+\.[a-z]+\d{4}@example\.com$/, /^[a-z]+\.[a-z]+\d{4}@example\.com$/],
    ];
    let checked = 0;
    for (const [from, to] of mapping.atoms) {
      const shape = shapes.find(([original]) => original.test(from));
      if (shape === undefined) continue;
      expect(to, from).toMatch(shape[1]);
      if (from.includes('_') && !from.includes('@')) expect(to.split('_')[0]).not.toBe('');
      checked++;
    }
    expect(checked).toBeGreaterThan(3000);
    expect(mapping.atoms.get('#W5442520')).not.toBe('#W5442520');
  });

  it('draws the same mapping from the same seed and another from another seed', () => {
    const again = createHeldoutMapping(data, 7);
    expect([...again.atoms]).toEqual([...mapping.atoms]);
    expect([...again.prices]).toEqual([...mapping.prices]);
    const other = createHeldoutMapping(data, 8);
    expect(other.atoms.get('#W5442520')).not.toBe(mapping.atoms.get('#W5442520'));
  });
});

describe('renameRetailData', () => {
  it('gives data the retail tools accept, with ids that follow the new names', () => {
    const renamed = renameRetailData(data, mapping);
    expect(checkRetailFixture(renamed)).toEqual([]);
    for (const [userId, record] of Object.entries(renamed.users)) {
      const user = record as unknown as RetailUser;
      const first = user.name.first_name.toLowerCase();
      const last = user.name.last_name.toLowerCase();
      expect(userId.startsWith(`${first}_${last}_`), userId).toBe(true);
      expect(user.email.startsWith(`${first}.${last}`), user.email).toBe(true);
    }
  });

  it('totals each order at its new prices, as tau-bench does', () => {
    const renamed = renameRetailData(data, mapping);
    for (const record of Object.values(renamed.orders)) {
      const order = record as unknown as RetailOrder;
      const total = pythonRound2(order.items.reduce((sum, line) => sum + line.price, 0));
      expect(order.payment_history[0]?.amount).toBe(total);
    }
  });

  it('is undone by the inverse mapping: the renaming is consistent everywhere', () => {
    // A record renamed two different ways in two places would not come back whole.
    const inverse: HeldoutMapping = {
      seed: 0,
      atoms: invert(mapping.atoms),
      names: invert(mapping.names),
      nameParts: invert(mapping.nameParts),
      streets: invert(mapping.streets),
      prices: invert(mapping.prices),
    };
    const back = renameRetailData(renameRetailData(data, mapping), inverse);
    expect(back.users).toEqual(data.users);
    expect(back.orders).toEqual(data.orders);
    expect(back.products).toEqual(data.products);
  });
});
