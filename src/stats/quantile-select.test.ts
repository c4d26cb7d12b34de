import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quantile } from './quantile.js';
import { quantileSelect } from './quantile-select.js';

describe('quantileSelect', () => {
  it('equals the quantile of the sorted values, ties and all', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -20, max: 20 }), { minLength: 1, maxLength: 300 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (integers, p) => {
          const values = integers.map((value) => value / 4);
          expect(quantileSelect(Float64Array.from(values), p)).toBe(quantile(values, p));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('gives NaN for no values or p outside [0, 1]', () => {
    expect(quantileSelect(new Float64Array(0), 0.5)).toBeNaN();
    expect(quantileSelect(Float64Array.from([1, 2]), 1.5)).toBeNaN();
  });
});
