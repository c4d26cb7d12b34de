import { describe, expect, it } from 'vitest';
import { expectClose, statsReference } from '../../test/support/stats-reference.js';
import { normalQuantile } from './normal-quantile.js';

describe('normalQuantile', () => {
  it('matches the independently computed standard normal quantiles', () => {
    expect(statsReference.quantiles.normal.length).toBeGreaterThan(5);
    for (const { p, x } of statsReference.quantiles.normal) expectClose(normalQuantile(p), x);
  });

  it('is antisymmetric about 1/2', () => {
    for (const { p, x } of statsReference.quantiles.normal) expectClose(normalQuantile(1 - p), -x);
  });

  it('is infinite at 0 and 1 and NaN outside [0, 1]', () => {
    expect(normalQuantile(0)).toBe(-Infinity);
    expect(normalQuantile(1)).toBe(Infinity);
    expect(normalQuantile(1.2)).toBeNaN();
  });
});
