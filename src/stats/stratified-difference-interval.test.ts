import { describe, expect, it } from 'vitest';
import { createRng } from '../core/index.js';
import { stratifiedDifferenceInterval } from './stratified-difference-interval.js';

describe('stratifiedDifferenceInterval', () => {
  it('is Newcombe’s hybrid score interval on one stratum (Newcombe 1998, Table II, (a))', () => {
    const interval = stratifiedDifferenceInterval([
      { successesA: 48, trialsA: 80, successesB: 56, trialsB: 70 },
    ]);
    expect(interval.value).toBeCloseTo(0.2, 12);
    expect(interval.lower).toBeCloseTo(0.0524, 4);
    expect(interval.upper).toBeCloseTo(0.3339, 4);
  });

  it('recovers the mean difference of two tasks from their Wilson intervals (hand-worked)', () => {
    // Task 1: A 7/8, Wilson [0.52911, 0.97758]; B 3/8, [0.13684, 0.69426]. Task 2: 8/8 both,
    // [0.67559, 1]. Shares 1/2: D = −0.25;
    // lower = −0.25 − ½√((0.375 − 0.13684)² + (0.97758 − 0.875)² + 0 + (1 − 1)²) = −0.45765,
    // upper = −0.25 + ½√((0.69426 − 0.375)² + (0.875 − 0.52911)² + (1 − 0.67559)² + 0) = 0.03583.
    const interval = stratifiedDifferenceInterval([
      { successesA: 7, trialsA: 8, successesB: 3, trialsB: 8 },
      { successesA: 8, trialsA: 8, successesB: 8, trialsB: 8 },
    ]);
    expect(interval.value).toBeCloseTo(-0.25, 12);
    expect(interval.lower).toBeCloseTo(-0.4576545107920609, 9);
    expect(interval.upper).toBeCloseTo(0.035834008365198566, 9);
  });

  it('keeps a positive width inside [−1, 1] when every rate is 0 or 1', () => {
    const interval = stratifiedDifferenceInterval(
      Array.from({ length: 5 }, () => ({ successesA: 8, trialsA: 8, successesB: 0, trialsB: 8 })),
    );
    expect(interval.value).toBe(-1);
    expect(interval.lower).toBe(-1);
    expect(interval.upper).toBeGreaterThan(-1);
    expect(interval.upper).toBeLessThan(-0.7);
  });

  it('weighs tasks by their shares', () => {
    const strata = [
      { successesA: 4, trialsA: 4, successesB: 0, trialsB: 4 },
      { successesA: 2, trialsA: 4, successesB: 2, trialsB: 4 },
    ];
    expect(stratifiedDifferenceInterval(strata, { weights: [3, 1] }).value).toBeCloseTo(-0.75, 12);
  });

  it('covers the mean difference of fixed near-ceiling tasks at least 93% of the time (simulated)', () => {
    // Five tasks, 8 trials a side, true rates fixed; only the trials are redrawn.
    const rates = [
      [0.97, 0.9],
      [0.99, 0.99],
      [0.95, 0.8],
      [1, 0.97],
      [0.9, 0.9],
    ] as const;
    const truth = rates.reduce((sum, [a, b]) => sum + (b - a), 0) / rates.length;
    const rng = createRng(11);
    const draw = (rate: number): number => {
      let successes = 0;
      for (let trial = 0; trial < 8; trial += 1) if (rng.next() < rate) successes += 1;
      return successes;
    };
    let covered = 0;
    const replications = 4000;
    for (let replication = 0; replication < replications; replication += 1) {
      const strata = rates.map(([a, b]) => ({
        successesA: draw(a),
        trialsA: 8,
        successesB: draw(b),
        trialsB: 8,
      }));
      const { lower, upper } = stratifiedDifferenceInterval(strata);
      if (lower <= truth && truth <= upper) covered += 1;
    }
    expect(covered / replications).toBeGreaterThan(0.93);
  });

  it('gives NaN bounds for no strata or a stratum without trials', () => {
    expect(stratifiedDifferenceInterval([]).lower).toBeNaN();
    const empty = [{ successesA: 0, trialsA: 0, successesB: 1, trialsB: 2 }];
    expect(stratifiedDifferenceInterval(empty).upper).toBeNaN();
  });
});
