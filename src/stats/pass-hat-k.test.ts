import { describe, expect, it } from 'vitest';
import {
  binomial,
  exactRatio,
  expectClose,
  statsReference,
  subsetsOf,
} from '../../test/support/stats-reference.js';
import { passHatK } from './pass-hat-k.js';

describe('passHatK', () => {
  it('matches the independently computed reference for every n, c, k with n ≤ 20', () => {
    const cases = statsReference.pass_at_k_and_pass_hat_k.cases;
    expect(cases.length).toBeGreaterThan(1000);
    for (const { n, c, k, pass_hat_k } of cases) expectClose(passHatK(n, c, k), pass_hat_k);
  });

  it('equals the share of k-subsets of the trials that are all successes', () => {
    for (const n of [1, 3, 6, 10]) {
      for (let c = 0; c <= n; c += 1) {
        for (let k = 1; k <= n; k += 1) {
          // Trials 0..c−1 succeeded.
          const subsets = subsetsOf(n, k);
          const allSuccesses = subsets.filter((subset) => subset.every((trial) => trial < c));
          expectClose(passHatK(n, c, k), allSuccesses.length / subsets.length);
        }
      }
    }
  });

  it.each([
    [1000, 990, 500],
    [1000, 999, 999],
    [1000, 500, 10],
    [997, 994, 2],
  ])('stays finite and exact for n = %i, c = %i, k = %i (BigInt reference)', (n, c, k) => {
    const expected = exactRatio(binomial(c, k), binomial(n, k));
    const actual = passHatK(n, c, k);
    expect(Number.isFinite(actual)).toBe(true);
    expect(actual).toBeGreaterThanOrEqual(0);
    expect(actual).toBeLessThanOrEqual(1);
    expectClose(actual, expected);
  });

  it('is 0 with fewer than k successes and 1 when every trial succeeded', () => {
    expect(passHatK(8, 2, 3)).toBe(0);
    expect(passHatK(8, 8, 3)).toBe(1);
  });

  it('is NaN when k exceeds n', () => {
    expect(passHatK(4, 2, 5)).toBeNaN();
  });

  it('is NaN when no trials were recorded', () => {
    expect(passHatK(0, 0, 1)).toBeNaN();
  });
});
