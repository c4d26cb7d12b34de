import { describe, expect, it } from 'vitest';
import { createRng } from '../core/index.js';
import { hoeffdingInterval } from './hoeffding-interval.js';

describe('hoeffdingInterval', () => {
  it('matches the hand-worked example: half-width √(ln 40 / 24)', () => {
    const result = hoeffdingInterval({
      estimate: -0.125,
      sumSquaredRanges: 1 / 12,
      bounds: [-1, 1],
    });
    expect(result.halfWidth).toBeCloseTo(Math.sqrt(Math.log(40) / 24), 15);
    expect(result.halfWidth).toBeCloseTo(0.39205, 5);
    expect(result.lower).toBeCloseTo(-0.125 - result.halfWidth, 15);
    expect(result.upper).toBeCloseTo(-0.125 + result.halfWidth, 15);
    expect(result.p).toBe(1);
  });

  it('clamps to the bounds, and its p-value is below α exactly when 0 is outside', () => {
    const result = hoeffdingInterval({ estimate: -1, sumSquaredRanges: 1 / 40, bounds: [-1, 1] });
    expect(result.lower).toBe(-1);
    expect(result.upper).toBeCloseTo(-1 + Math.sqrt(Math.log(40) / 80), 15);
    expect(result.p).toBeCloseTo(2 * Math.exp(-80), 40);
    for (const estimate of [0.1, 0.2, 0.3, 0.4]) {
      const { lower, p } = hoeffdingInterval({ estimate, sumSquaredRanges: 1 / 12 });
      expect(p < 0.05).toBe(lower > 0);
    }
  });

  it('covers the true mean difference at least 95% of the time, even for tasks at 0 or 1 (simulated)', () => {
    const rng = createRng(3);
    const tasks = 5;
    const trials = 8;
    const ratesA = [1, 1, 0.9, 0.2, 0];
    const ratesB = [0.9, 1, 0.7, 0.2, 0];
    const truth = (ratesB.reduce((s, r) => s + r, 0) - ratesA.reduce((s, r) => s + r, 0)) / tasks;
    const replicates = 4000;
    let covered = 0;
    for (let replicate = 0; replicate < replicates; replicate += 1) {
      let estimate = 0;
      for (let task = 0; task < tasks; task += 1) {
        for (let trial = 0; trial < trials; trial += 1) {
          if (rng.next() < (ratesB[task] ?? 0)) estimate += 1 / (tasks * trials);
          if (rng.next() < (ratesA[task] ?? 0)) estimate -= 1 / (tasks * trials);
        }
      }
      const { lower, upper } = hoeffdingInterval({
        estimate,
        sumSquaredRanges: (2 * tasks * trials) / (tasks * trials) ** 2,
      });
      if (lower <= truth && truth <= upper) covered += 1;
    }
    expect(covered / replicates).toBeGreaterThanOrEqual(0.95);
  });

  it('refuses impossible input, naming the field', () => {
    expect(() => hoeffdingInterval({ estimate: Number.NaN, sumSquaredRanges: 1 })).toThrow(
      new RangeError('hoeffdingInterval: input.estimate is NaN; it must be a finite number'),
    );
    expect(() => hoeffdingInterval({ estimate: 0, sumSquaredRanges: -1 })).toThrow(
      /input\.sumSquaredRanges is -1/,
    );
    expect(() => hoeffdingInterval({ estimate: 0, sumSquaredRanges: 1, confidence: 1 })).toThrow(
      /input\.confidence is 1/,
    );
    expect(() => hoeffdingInterval({ estimate: 0, sumSquaredRanges: 1, bounds: [1, -1] })).toThrow(
      /input\.bounds is "\[1, -1\]"/,
    );
  });
});
