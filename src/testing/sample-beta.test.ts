import { describe, expect, it } from 'vitest';
import { createRng } from '../core/index.js';
import { sampleBeta } from './sample-beta.js';

/** Mean and variance of 200,000 draws. */
function moments(a: number, b: number): { mean: number; variance: number } {
  const rng = createRng(7);
  const draws = Array.from({ length: 200_000 }, () => sampleBeta(rng, a, b));
  const mean = draws.reduce((sum, x) => sum + x, 0) / draws.length;
  const variance = draws.reduce((sum, x) => sum + (x - mean) ** 2, 0) / (draws.length - 1);
  return { mean, variance };
}

describe('sampleBeta', () => {
  it.each([
    [2, 2],
    [0.3, 0.3],
    [0.5, 5],
    [20, 1],
  ])('matches the mean a/(a+b) and variance ab/((a+b)²(a+b+1)) of Beta(%s, %s)', (a, b) => {
    const { mean, variance } = moments(a, b);
    const expectedVariance = (a * b) / ((a + b) ** 2 * (a + b + 1));
    // Standard errors of the mean and variance at 200,000 draws are below 0.001.
    expect(mean).toBeCloseTo(a / (a + b), 2);
    expect(Math.abs(variance - expectedVariance)).toBeLessThan(0.003);
  });

  it('stays inside [0, 1]', () => {
    const rng = createRng(3);
    for (let draw = 0; draw < 10_000; draw += 1) {
      const x = sampleBeta(rng, 0.3, 0.3);
      expect(x >= 0 && x <= 1).toBe(true);
    }
  });
});
