import { describe, expect, it } from 'vitest';
import { pairedTTest } from './paired-t-test.js';
import { weightedPairedTTest } from './weighted-paired-t-test.js';

describe('weightedPairedTTest', () => {
  it('gives the hand-worked example', () => {
    // Shares 3/8, 1/8, 1/4, 1/4; mean (1.5 + 0 + 0.5 + 0.5) / 8 = 0.3125.
    const test = weightedPairedTTest([0.5, 0, 0.25, 0.25], [3, 1, 2, 2]);
    const variance =
      (4 / 3) * ((9 / 64) * 0.1875 ** 2 + (1 / 64) * 0.3125 ** 2 + 2 * (1 / 16) * 0.0625 ** 2);
    expect(test.mean).toBe(0.3125);
    expect(test.standardError).toBeCloseTo(Math.sqrt(variance), 15);
    expect(test.effectiveCount).toBeCloseTo(64 / 18, 14);
    expect(test.degreesOfFreedom).toBe(2);
    // SciPy: t.sf(3.244428, 2) * 2 and t.ppf(0.975, 2) = 4.302653.
    expect(test.t).toBeCloseTo(3.244428422615251, 12);
    expect(test.p).toBeCloseTo(0.0833015029717887, 8);
    expect(test.lower).toBeCloseTo(-0.10192707401844175, 8);
    expect(test.upper).toBeCloseTo(0.7269270740184417, 8);
  });

  it('is the paired t-test exactly when every weight is the same', () => {
    const differences = [0.5, 0, 0.25, 0.125, -0.375];
    const { effectiveCount, ...test } = weightedPairedTTest(differences, [2, 2, 2, 2, 2]);
    expect(test).toEqual(pairedTTest(differences));
    expect(effectiveCount).toBe(5);
  });

  it('counts a task of weight 2 in the mean like the same task listed twice', () => {
    const weighted = weightedPairedTTest([0.5, 0, -0.25], [2, 1, 1]);
    expect(weighted.mean).toBeCloseTo(pairedTTest([0.5, 0.5, 0, -0.25]).mean, 15);
  });

  it('gives t = ±Infinity and p = 0 when every difference is the same non-zero value', () => {
    const test = weightedPairedTTest([-0.125, -0.125, -0.125], [1, 3, 1]);
    expect(test.t).toBe(-Infinity);
    expect(test.p).toBe(0);
    expect([test.lower, test.upper]).toEqual([-0.125, -0.125]);
  });

  it('gives NaN for fewer than two differences', () => {
    const test = weightedPairedTTest([0.25], [3]);
    expect(test.mean).toBe(0.25);
    expect(test.p).toBeNaN();
    expect(test.lower).toBeNaN();
  });

  it('throws a RangeError naming a weight that is not a finite number above 0', () => {
    expect(() => weightedPairedTTest([0.5, 0, 0.25], [1, 0, 2])).toThrow(
      new RangeError(
        "weightedPairedTTest: weights[1] is 0; a task's weight must be a finite number above 0",
      ),
    );
    expect(() => weightedPairedTTest([0.5, 0], [1])).toThrow(
      'weightedPairedTTest: weights.length is 1; give one weight per entry of differences (2)',
    );
  });
});
