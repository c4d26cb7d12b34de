import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { passHatK } from './pass-hat-k.js';

interface PassKCase {
  readonly n: number;
  readonly c: number;
  readonly k: number;
  readonly pass_hat_k: number;
}

const reference = JSON.parse(
  readFileSync(new URL('../../test/fixtures/stats-reference.json', import.meta.url), 'utf8'),
) as { pass_at_k_and_pass_hat_k: { cases: PassKCase[] } };

function expectClose(actual: number, expected: number): void {
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(
    Math.max(1e-12 * Math.abs(expected), 1e-15),
  );
}

/** Every k-subset of 0..n−1, as lists of indices. */
function subsetsOf(n: number, k: number): number[][] {
  if (k === 0) return [[]];
  const subsets: number[][] = [];
  for (let first = 0; first <= n - k; first += 1) {
    for (const rest of subsetsOf(n - first - 1, k - 1)) {
      subsets.push([first, ...rest.map((index) => index + first + 1)]);
    }
  }
  return subsets;
}

function binomial(n: number, k: number): bigint {
  let result = 1n;
  for (let i = 1; i <= k; i += 1) result = (result * BigInt(n - k + i)) / BigInt(i);
  return result;
}

function exactRatio(numerator: bigint, denominator: bigint): number {
  return Number((numerator << 200n) / denominator) / 2 ** 200;
}

describe('passHatK', () => {
  it('matches the independently computed reference for every n, c, k with n ≤ 20', () => {
    const cases = reference.pass_at_k_and_pass_hat_k.cases;
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

  it.each([
    ['k < 1', 4, 2, 0],
    ['c > n', 4, 5, 1],
    ['c < 0', 4, -1, 1],
    ['fractional n', 4.5, 2, 1],
    ['fractional c', 4, 1.5, 1],
    ['fractional k', 4, 2, 1.5],
    ['NaN c', 4, Number.NaN, 1],
  ])('is NaN when %s', (_label, n, c, k) => {
    expect(passHatK(n, c, k)).toBeNaN();
  });
});
