import { describe, expect, it } from 'vitest';
import { expectClose } from '../../test/support/stats-reference.js';
import { compareReference } from '../../test/support/compare-reference.js';
import { fisherExactTest } from './fisher-exact-test.js';

describe('fisherExactTest', () => {
  it('matches SciPy fisher_exact (two-sided) on every reference table', () => {
    expect(compareReference.two_by_two.length).toBeGreaterThanOrEqual(20);
    for (const { a, b, p_two_sided } of compareReference.two_by_two) {
      expectClose(fisherExactTest(a, b).p, p_two_sided);
      expectClose(fisherExactTest(b, a).p, p_two_sided);
    }
  });

  it('matches the hand-worked example: 56/8008 for 8/8 against 2/8', () => {
    expect(fisherExactTest({ successes: 8, trials: 8 }, { successes: 2, trials: 8 }).p).toBeCloseTo(
      56 / 8008,
      15,
    );
  });

  it('gives p = 1 when the rates are the same', () => {
    expect(fisherExactTest({ successes: 3, trials: 6 }, { successes: 3, trials: 6 }).p).toBe(1);
    expect(fisherExactTest({ successes: 0, trials: 8 }, { successes: 0, trials: 8 }).p).toBe(1);
  });

  it('throws a RangeError naming the side with impossible counts', () => {
    expect(() => fisherExactTest({ successes: 5, trials: 4 }, { successes: 1, trials: 4 })).toThrow(
      new RangeError(
        'fisherExactTest: a.successes is 5; it must be a whole number from 0 to a.trials (4)',
      ),
    );
    expect(() =>
      fisherExactTest({ successes: 1, trials: 4 }, { successes: 1, trials: 2.5 }),
    ).toThrow('fisherExactTest: b.trials is 2.5;');
  });

  it('rejects at most 5% of the time when both sides share a rate (exact, so conservative)', () => {
    // Exact enumeration of the size at α = 0.05 for 8 trials a side, over a grid of rates.
    const binomial = (n: number, k: number): number => {
      let value = 1;
      for (let i = 1; i <= k; i += 1) value = (value * (n - k + i)) / i;
      return value;
    };
    for (const rate of [0.1, 0.3, 0.5, 0.7, 0.9]) {
      let size = 0;
      for (let x = 0; x <= 8; x += 1) {
        for (let y = 0; y <= 8; y += 1) {
          const probability =
            binomial(8, x) *
            rate ** x *
            (1 - rate) ** (8 - x) *
            binomial(8, y) *
            rate ** y *
            (1 - rate) ** (8 - y);
          const { p } = fisherExactTest({ successes: x, trials: 8 }, { successes: y, trials: 8 });
          if (p < 0.05) size += probability;
        }
      }
      expect(size).toBeLessThanOrEqual(0.05);
    }
  });
});
