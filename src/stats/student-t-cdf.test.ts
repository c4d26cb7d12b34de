import { describe, expect, it } from 'vitest';
import { expectClose, statsReference } from '../../test/support/stats-reference.js';
import { studentTCdf } from './student-t-cdf.js';
import { studentTQuantile } from './student-t-quantile.js';

/**
 * Lower tails P(T ≤ t) far out, computed with mpmath 1.3 at 50 digits as
 * I_{ν/(ν+t²)}(ν/2, 1/2)/2 (the regularised incomplete beta function) and
 * rounded to doubles: an independent route to the same distribution.
 */
const FAR_TAILS = [
  { t: -10, df: 3, p: 0.0010641995292070751 },
  { t: -50, df: 5, p: 3.0238788133006125e-8 },
  { t: -8, df: 30, p: 3.1329112378503795e-9 },
  { t: -3, df: 100, p: 0.0017039576716647248 },
  { t: -1000, df: 4, p: 2.9999800001049993e-12 },
  { t: -5, df: 7, p: 0.0007826389765864123 },
  { t: -0.5, df: 9, p: 0.31453564991301325 },
  { t: -40, df: 60, p: 2.8777402433136914e-45 },
  { t: -2, df: 1, p: 0.14758361765043326 },
  { t: -30, df: 2, p: 0.0005546313409798294 },
] as const;

describe('studentTCdf', () => {
  it('gives back p at the independently computed t quantiles, in both tails', () => {
    for (const { p, df, x } of statsReference.quantiles.student_t) {
      expectClose(studentTCdf(x, df), p);
      expectClose(studentTCdf(-x, df), 1 - p);
    }
  });

  it('keeps its relative precision far into the lower tail (mpmath reference)', () => {
    for (const { t, df, p } of FAR_TAILS) expectClose(studentTCdf(t, df), p);
  });

  it('matches the hand-worked closed forms for 1, 2 and 3 degrees of freedom', () => {
    // ν = 1 (Cauchy): 1/2 + atan(1)/π = 3/4.
    expectClose(studentTCdf(1, 1), 0.75);
    // ν = 2: 1/2 + t/(2√(2 + t²)); at t = √2 that is 1/2 + 1/(2√2).
    expectClose(studentTCdf(Math.SQRT2, 2), 0.5 + 1 / (2 * Math.SQRT2));
    // ν = 3: 1/2 + (θ + sinθ·cosθ)/π with θ = atan(t/√3); at t = √3, θ = π/4.
    expectClose(studentTCdf(Math.sqrt(3), 3), 0.75 + 1 / (2 * Math.PI));
  });

  it('inverts studentTQuantile', () => {
    for (const df of [3, 4, 17, 250]) {
      for (const p of [1e-9, 0.01, 0.3, 0.7, 0.99]) {
        expect(Math.abs(studentTCdf(studentTQuantile(p, df), df) - p)).toBeLessThan(1e-12 * p);
      }
    }
  });

  it('is 1/2 at 0, 0 and 1 at the infinities, NaN for bad degrees of freedom', () => {
    expect(studentTCdf(0, 5)).toBe(0.5);
    expect(studentTCdf(-Infinity, 5)).toBe(0);
    expect(studentTCdf(Infinity, 5)).toBe(1);
    expect(studentTCdf(1e200, 5)).toBe(1);
    expect(studentTCdf(1, 0)).toBeNaN();
    expect(studentTCdf(1, 2.5)).toBeNaN();
    expect(studentTCdf(Number.NaN, 5)).toBeNaN();
  });
});
