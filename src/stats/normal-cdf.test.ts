import { describe, expect, it } from 'vitest';
import { expectClose, statsReference } from '../../test/support/stats-reference.js';
import { normalCdf } from './normal-cdf.js';

describe('normalCdf', () => {
  it('inverts the independently computed standard normal quantiles', () => {
    for (const { p, x } of statsReference.quantiles.normal) expectClose(normalCdf(x), p);
  });

  it('keeps relative accuracy in the lower tail at the reference quantiles', () => {
    // 1 − p is exact for these p, so this checks e.g. Φ(−2.5758…) = 0.005 to 1e-12 relative.
    for (const { p, x } of statsReference.quantiles.normal) expectClose(normalCdf(-x), 1 - p);
  });

  it('gives Φ(−10) = 7.6198530241605260660e-24 (erfc(10/√2)/2 to 40 digits, mpmath)', () => {
    expectClose(normalCdf(-10), 7.619853024160525e-24);
  });

  it('is 1/2 at 0 and saturates far out', () => {
    expect(normalCdf(0)).toBe(0.5);
    expect(normalCdf(40)).toBe(1);
    expect(normalCdf(-40)).toBe(0);
  });

  it('is NaN at NaN', () => {
    expect(normalCdf(Number.NaN)).toBeNaN();
  });
});
