import { describe, expect, it } from 'vitest';
import { compareReference } from '../../test/support/compare-reference.js';
import { boschlooExactTest } from './boschloo-exact-test.js';
import { fisherExactTest } from './fisher-exact-test.js';

const binomial = (n: number, k: number): number => {
  let value = 1;
  for (let i = 1; i <= k; i += 1) value = (value * (n - k + i)) / i;
  return value;
};

describe('boschlooExactTest', () => {
  it('matches SciPy boschloo_exact (two-sided) on every reference table', () => {
    expect(compareReference.two_by_two.length).toBeGreaterThanOrEqual(20);
    for (const { a, b, boschloo_p_two_sided: expected } of compareReference.two_by_two) {
      const { p } = boschlooExactTest(a, b);
      // SciPy maximises over π numerically; 1e-9 relative is well past any decision.
      expect(Math.abs(p - expected)).toBeLessThanOrEqual(1e-9 * expected + 1e-15);
      expect(boschlooExactTest(b, a).p).toBeCloseTo(p, 14);
    }
  });

  it('matches the hand-worked example: 146/65536 for 8/8 against 2/8', () => {
    const { p } = boschlooExactTest({ successes: 8, trials: 8 }, { successes: 2, trials: 8 });
    expect(p).toBeCloseTo(146 / 65536, 14);
  });

  it('gives NaN for a side without trials', () => {
    expect(boschlooExactTest({ successes: 0, trials: 0 }, { successes: 1, trials: 4 }).p).toBeNaN();
  });

  it('throws a RangeError naming the side with impossible counts', () => {
    expect(() =>
      boschlooExactTest({ successes: 5, trials: 4 }, { successes: 1, trials: 4 }),
    ).toThrow(
      new RangeError(
        'boschlooExactTest: a.successes is 5; it must be a whole number from 0 to a.trials (4)',
      ),
    );
  });

  it('never rejects more than 5% of the time when both sides share a rate (exact enumeration, 8 trials a side)', () => {
    for (let step = 1; step < 20; step += 1) {
      const rate = step / 20;
      let size = 0;
      for (let x = 0; x <= 8; x += 1) {
        for (let y = 0; y <= 8; y += 1) {
          const { p } = boschlooExactTest({ successes: x, trials: 8 }, { successes: y, trials: 8 });
          if (p < 0.05) {
            size +=
              binomial(8, x) *
              rate ** x *
              (1 - rate) ** (8 - x) *
              binomial(8, y) *
              rate ** y *
              (1 - rate) ** (8 - y);
          }
        }
      }
      expect(size).toBeLessThanOrEqual(0.05);
    }
  });

  it("is at least as powerful as Fisher's test at 8 trials a side: never a larger p", () => {
    for (let x = 0; x <= 8; x += 1) {
      for (let y = 0; y <= 8; y += 1) {
        const a = { successes: x, trials: 8 };
        const b = { successes: y, trials: 8 };
        expect(boschlooExactTest(a, b).p).toBeLessThanOrEqual(fisherExactTest(a, b).p * (1 + 1e-9));
      }
    }
  });
});
