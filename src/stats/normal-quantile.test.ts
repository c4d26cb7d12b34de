import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normalQuantile } from './normal-quantile.js';

const reference = JSON.parse(
  readFileSync(new URL('../../test/fixtures/stats-reference.json', import.meta.url), 'utf8'),
) as { quantiles: { normal: { p: number; x: number }[] } };

function expectClose(actual: number, expected: number): void {
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(
    Math.max(1e-12 * Math.abs(expected), 1e-15),
  );
}

describe('normalQuantile', () => {
  it('matches the independently computed standard normal quantiles', () => {
    expect(reference.quantiles.normal.length).toBeGreaterThan(5);
    for (const { p, x } of reference.quantiles.normal) expectClose(normalQuantile(p), x);
  });

  it('is antisymmetric about 1/2', () => {
    for (const { p, x } of reference.quantiles.normal) expectClose(normalQuantile(1 - p), -x);
  });

  it('is infinite at 0 and 1 and NaN outside [0, 1]', () => {
    expect(normalQuantile(0)).toBe(-Infinity);
    expect(normalQuantile(1)).toBe(Infinity);
    expect(normalQuantile(1.2)).toBeNaN();
  });
});
