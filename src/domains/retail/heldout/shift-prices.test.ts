import { describe, expect, it } from 'vitest';
import { createRng } from '../../../core/index.js';
import { MAX_PRICE_SHIFT, shiftPrices } from './shift-prices.js';

/** Dense random price sets: many prices a cent apart, as in a catalogue of variants. */
function prices(seed: number): number[] {
  const rng = createRng(seed);
  return Array.from({ length: 400 }, () => rng.int(1000, 60000) / 100);
}

describe('shiftPrices', () => {
  it('moves every price by at most 4% (or a cent) and keeps their order strictly', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const shifted = shiftPrices(prices(seed), createRng(seed));
      const sorted = [...shifted].sort(([a], [b]) => a - b);
      sorted.forEach(([from, to], index) => {
        expect(Number(to.toFixed(2))).toBe(to);
        const previous = sorted[index - 1];
        if (previous !== undefined) expect(to).toBeGreaterThan(previous[1]);
        expect(Math.abs(to - from)).toBeLessThanOrEqual(from * MAX_PRICE_SHIFT + 0.5);
      });
    }
  });

  it('moves no price across a barrier and keeps a price equal to one', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const barriers = [100, 150, 200, 300, 301, 1000];
      const all = [...prices(seed), 300, 299.99, 300.01, 100.01, 99.99];
      const shifted = shiftPrices(all, createRng(seed), barriers);
      for (const [from, to] of shifted)
        for (const barrier of barriers)
          expect(Math.sign(to - barrier), `${from} → ${to} across ${barrier}`).toBe(
            Math.sign(from - barrier),
          );
      expect(shifted.get(300)).toBe(300);
    }
  });
});
