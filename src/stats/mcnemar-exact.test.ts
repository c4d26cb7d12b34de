import { describe, expect, it } from 'vitest';
import {
  binomial,
  expectClose,
  exactRatio,
  statsReference,
} from '../../test/support/stats-reference.js';
import { mcnemarExact } from './mcnemar-exact.js';
import { signFlipPermutationTest } from './sign-flip-permutation-test.js';

describe('mcnemarExact', () => {
  it('matches the reference p-values (SciPy binomtest)', () => {
    expect(statsReference.mcnemar_exact.length).toBeGreaterThanOrEqual(5);
    for (const { b, c, p_two_sided } of statsReference.mcnemar_exact) {
      expectClose(mcnemarExact(b, c).p, p_two_sided);
      expectClose(mcnemarExact(c, b).p, p_two_sided);
    }
  });

  it('matches the hand-worked examples: 2/32 and 2·56/1024', () => {
    expect(mcnemarExact(0, 5)).toEqual({ discordant: 5, p: 0.0625 });
    expect(mcnemarExact(2, 8).p).toBe((2 * 56) / 1024);
  });

  it('stays exact past 1074 discordant pairs, where 2^-n underflows', () => {
    const tail = Array.from({ length: 901 }, (_, j) => binomial(2000, j)).reduce((a, b) => a + b);
    expectClose(mcnemarExact(900, 1100).p, 2 * exactRatio(tail, 2n ** 2000n));
  });

  it('is the sign-flip test of one-trial differences', () => {
    for (const [b, c] of [
      [1, 6],
      [4, 9],
      [0, 3],
      [7, 7],
    ] as const) {
      const differences = [...Array<number>(b).fill(-1), ...Array<number>(c).fill(1), 0, 0];
      expect(signFlipPermutationTest(differences, { seed: 0 }).p).toBeCloseTo(
        mcnemarExact(b, c).p,
        14,
      );
    }
  });

  it('gives p = 1 with no discordant pairs', () => {
    expect(mcnemarExact(0, 0).p).toBe(1);
  });

  it('throws a RangeError naming the count that is not a whole number ≥ 0', () => {
    expect(() => mcnemarExact(-1, 3)).toThrow(
      new RangeError('mcnemarExact: b is -1; it must be a whole number, 0 or more'),
    );
    expect(() => mcnemarExact(1, 1.5)).toThrow('mcnemarExact: c is 1.5;');
  });
});
