import { describe, expect, it } from 'vitest';
import { expectClose, statsReference } from '../../test/support/stats-reference.js';
import { studentTQuantile } from './student-t-quantile.js';

describe('studentTQuantile', () => {
  it('matches the independently computed t quantiles for 1 to 100 degrees of freedom', () => {
    expect(statsReference.quantiles.student_t.length).toBeGreaterThan(10);
    for (const { p, df, x } of statsReference.quantiles.student_t) {
      expectClose(studentTQuantile(p, df), x);
    }
  });

  it('is antisymmetric about 1/2', () => {
    for (const { p, df, x } of statsReference.quantiles.student_t) {
      expectClose(studentTQuantile(1 - p, df), -x);
    }
  });

  it('approaches the normal quantile as degrees of freedom grow', () => {
    expect(studentTQuantile(0.975, 100_000)).toBeCloseTo(1.959963984540054, 4);
  });

  it('is 0 at 1/2 and infinite at 0 and 1', () => {
    expect(studentTQuantile(0.5, 7)).toBe(0);
    expect(studentTQuantile(0, 7)).toBe(-Infinity);
    expect(studentTQuantile(1, 7)).toBe(Infinity);
  });

  it('is NaN for non-integer or non-positive degrees of freedom, or p outside [0, 1]', () => {
    expect(studentTQuantile(0.9, 0)).toBeNaN();
    expect(studentTQuantile(0.9, 2.5)).toBeNaN();
    expect(studentTQuantile(1.1, 5)).toBeNaN();
  });
});
