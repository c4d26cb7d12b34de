import { describe, expect, it } from 'vitest';
import { moverDifferenceInterval } from './mover-difference-interval.js';
import { wilsonInterval } from './wilson-interval.js';

describe('moverDifferenceInterval', () => {
  it("matches Newcombe's (1998) hybrid score interval for 56/70 against 48/80: [0.0524, 0.3339]", () => {
    const interval = moverDifferenceInterval(
      { value: 56 / 70, ...wilsonInterval(56, 70) },
      { value: 48 / 80, ...wilsonInterval(48, 80) },
    );
    expect(interval.value).toBeCloseTo(0.2, 12);
    expect(interval.lower).toBeCloseTo(0.0524, 4);
    expect(interval.upper).toBeCloseTo(0.3339, 4);
  });

  it("matches Newcombe's example (e), 10/10 against 0/20: [0.6791, 1]", () => {
    const interval = moverDifferenceInterval(
      { value: 1, ...wilsonInterval(10, 10) },
      { value: 0, ...wilsonInterval(0, 20) },
    );
    expect(interval.lower).toBeCloseTo(0.6791, 4);
    expect(interval.upper).toBe(1);
  });

  it('keeps a width when both rates are 100%', () => {
    const interval = moverDifferenceInterval(
      { value: 1, ...wilsonInterval(10, 10) },
      { value: 1, ...wilsonInterval(10, 10) },
    );
    expect(interval.value).toBe(0);
    expect(interval.lower).toBeLessThan(-0.2);
    expect(interval.upper).toBeGreaterThan(0.2);
  });

  it('gives NaN bounds when a rate has none', () => {
    const interval = moverDifferenceInterval(
      { value: 0.5, lower: Number.NaN, upper: Number.NaN },
      { value: 0.5, lower: 0.2, upper: 0.8 },
    );
    expect(Number.isNaN(interval.lower)).toBe(true);
  });
});
