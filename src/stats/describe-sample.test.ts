import { describe, expect, it } from 'vitest';
import { describeSample } from './describe-sample.js';

describe('describeSample', () => {
  it('summarises a sample (worked by hand)', () => {
    // Sorted 80, 100, 120, 300: median between 100 and 120; p95 at h = 2.85 → 120 + 0.85·180.
    const summary = describeSample([120, 80, 100, 300]);
    expect(summary).toMatchObject({ count: 4, mean: 150, p50: 110, min: 80, max: 300 });
    expect(summary.p95).toBeCloseTo(273, 10);
  });

  it('has count 0 and NaN statistics for an empty sample', () => {
    const summary = describeSample([]);
    expect(summary.count).toBe(0);
    for (const field of [summary.mean, summary.p50, summary.p95, summary.min, summary.max]) {
      expect(field).toBeNaN();
    }
  });

  it('keeps the count but reports NaN statistics when a value is NaN', () => {
    const summary = describeSample([1, Number.NaN]);
    expect(summary.count).toBe(2);
    expect(summary.mean).toBeNaN();
    expect(summary.max).toBeNaN();
  });
});
