import { describe, expect, it } from 'vitest';
import {
  binomial,
  exactRatio,
  expectClose,
  statsReference,
  subsetsOf,
} from '../../test/support/stats-reference.js';
import { passAtK } from './pass-at-k.js';

describe('passAtK', () => {
  it('matches the independently computed reference for every n, c, k with n ≤ 20', () => {
    const cases = statsReference.pass_at_k_and_pass_hat_k.cases;
    expect(cases.length).toBeGreaterThan(1000);
    for (const { n, c, k, pass_at_k } of cases) expectClose(passAtK(n, c, k), pass_at_k);
  });

  it('equals the share of k-subsets of the trials that contain a success', () => {
    for (const n of [1, 3, 6, 10]) {
      for (let c = 0; c <= n; c += 1) {
        for (let k = 1; k <= n; k += 1) {
          // Trials 0..c−1 succeeded.
          const subsets = subsetsOf(n, k);
          const withSuccess = subsets.filter((subset) => subset.some((trial) => trial < c));
          expectClose(passAtK(n, c, k), withSuccess.length / subsets.length);
        }
      }
    }
  });

  it.each([
    [1000, 10, 500],
    [1000, 1, 1],
    [1000, 500, 10],
    [997, 3, 2],
  ])('stays finite and exact for n = %i, c = %i, k = %i (BigInt reference)', (n, c, k) => {
    const total = binomial(n, k);
    const expected = exactRatio(total - binomial(n - c, k), total);
    const actual = passAtK(n, c, k);
    expect(Number.isFinite(actual)).toBe(true);
    expect(actual).toBeGreaterThanOrEqual(0);
    expect(actual).toBeLessThanOrEqual(1);
    expectClose(actual, expected);
  });

  it('is 0 with no successes and 1 when every k-subset must contain one', () => {
    expect(passAtK(8, 0, 3)).toBe(0);
    expect(passAtK(8, 6, 3)).toBe(1);
  });

  it('is NaN when k exceeds n', () => {
    expect(passAtK(4, 2, 5)).toBeNaN();
  });

  it('is NaN when no trials were recorded', () => {
    expect(passAtK(0, 0, 1)).toBeNaN();
  });
});
