import { describe, expect, it } from 'vitest';
import { quantile } from './quantile.js';

describe('quantile', () => {
  it('interpolates between order statistics: [1, 2, 3, 4] at 0.95 is 3.85 (worked by hand)', () => {
    // h = (4 − 1)·0.95 = 2.85: 85% of the way from the 3rd value (3) to the 4th (4).
    expect(quantile([1, 2, 3, 4], 0.95)).toBeCloseTo(3.85, 12);
  });

  it('gives the mean of the middle pair as the median of an even count', () => {
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
  });

  it('gives the minimum at 0 and the maximum at 1', () => {
    expect(quantile([7, -2, 3], 0)).toBe(-2);
    expect(quantile([7, -2, 3], 1)).toBe(7);
  });

  it('sorts unsorted input without changing it', () => {
    const values = [40, 10, 30, 20];
    expect(quantile(values, 0.25)).toBeCloseTo(17.5, 12);
    expect(values).toEqual([40, 10, 30, 20]);
  });

  it('returns the only value of a one-element list at any p', () => {
    expect(quantile([5], 0.3)).toBe(5);
  });

  it('is NaN for an empty list', () => {
    expect(quantile([], 0.5)).toBeNaN();
  });

  it('is NaN when p is outside [0, 1] or the list holds NaN', () => {
    expect(quantile([1, 2], 1.5)).toBeNaN();
    expect(quantile([1, 2], -0.1)).toBeNaN();
    expect(quantile([1, Number.NaN], 0.5)).toBeNaN();
  });
});
