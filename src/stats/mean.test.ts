import { describe, expect, it } from 'vitest';
import { mean } from './mean.js';

describe('mean', () => {
  it('is the sum over the count', () => {
    expect(mean([0.25, 0.5, 1])).toBeCloseTo(1.75 / 3, 15);
  });

  it('is NaN for an empty list', () => {
    expect(mean([])).toBeNaN();
  });

  it('keeps small terms that a naive running sum would lose', () => {
    // Naively 1e16 + 1 rounds back to 1e16 and the 1 is lost, giving 0.
    expect(mean([1e16, 1, -1e16])).toBe(1 / 3);
  });
});
