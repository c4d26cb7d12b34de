import { describe, expect, it } from 'vitest';
import { hypergeometricProbabilities } from './hypergeometric-probabilities.js';

/** C(n, k) by multiplying out, in exact integers for these sizes. */
function choose(n: number, k: number): number {
  let value = 1;
  for (let i = 1; i <= k; i += 1) value = (value * (n - k + i)) / i;
  return Math.round(value);
}

describe('hypergeometricProbabilities', () => {
  it('gives 1/C(16, 8) for no success among 8 of 16 with 8 successes (hand-worked)', () => {
    const { low, probabilities } = hypergeometricProbabilities({
      population: 16,
      successes: 8,
      draws: 8,
    });
    expect(low).toBe(0);
    expect(probabilities).toHaveLength(9);
    expect(probabilities[0]).toBeCloseTo(1 / 12_870, 15);
    expect(probabilities[4]).toBeCloseTo(4_900 / 12_870, 13);
    expect(probabilities.reduce((sum, p) => sum + p, 0)).toBeCloseTo(1, 13);
  });

  it('starts at the least count a draw can hold, matching the counting formula', () => {
    // 10 items, 7 successes, 6 drawn: at least 3 successes.
    const { low, probabilities } = hypergeometricProbabilities({
      population: 10,
      successes: 7,
      draws: 6,
    });
    expect(low).toBe(3);
    probabilities.forEach((p, i) => {
      const x = low + i;
      expect(p).toBeCloseTo((choose(7, x) * choose(3, 6 - x)) / choose(10, 6), 13);
    });
  });

  it('puts all the mass on one count when every item or none is a success', () => {
    expect(hypergeometricProbabilities({ population: 8, successes: 8, draws: 3 })).toEqual({
      low: 3,
      probabilities: [1],
    });
    expect(hypergeometricProbabilities({ population: 8, successes: 0, draws: 3 })).toEqual({
      low: 0,
      probabilities: [1],
    });
  });
});
