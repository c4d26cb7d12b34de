import { describe, expect, it } from 'vitest';
import { createRng } from '../core/index.js';
import { clusterRatioBootstrapInterval } from './cluster-ratio-bootstrap-interval.js';
import type { RatioCluster } from './cluster-ratio-bootstrap-interval.js';

describe('clusterRatioBootstrapInterval', () => {
  it('spans the two tasks’ own ratios when there are two tasks', () => {
    // Resamples of 2 tasks: {a,a} → 1/1 = 1, {a,b} → 4/2 = 2, {b,b} → 3/1 = 3.
    // With m = 2 the expanded z is √2·t_{0.025,1} = √2·(−12.706) = −17.97, so
    // the levels are Φ(∓17.97) ≈ 0 and 1: the minimum and maximum, 1 and 3.
    const interval = clusterRatioBootstrapInterval(
      [
        { numerator: 1, denominator: 1 },
        { numerator: 3, denominator: 1 },
      ],
      { seed: 1 },
    );
    expect(interval).toEqual({
      value: 2,
      lower: 1,
      upper: 3,
      method: 'cluster-bootstrap-expanded-percentile',
      tasks: 2,
    });
  });

  it('takes the ratio of totals, not the mean of ratios', () => {
    // (2 + 6) / (1 + 3) = 2, where the mean of the per-task ratios is (2 + 2) / 2 = 2 too;
    // (1 + 6) / (1 + 3) = 1.75, where the mean of ratios would be (1 + 2) / 2 = 1.5.
    const interval = clusterRatioBootstrapInterval(
      [
        { numerator: 1, denominator: 1 },
        { numerator: 6, denominator: 3 },
      ],
      { seed: 1 },
    );
    expect(interval.value).toBe(1.75);
  });

  it('collapses to the value when every task has the same ratio', () => {
    const interval = clusterRatioBootstrapInterval(
      [
        { numerator: 0.5, denominator: 1 },
        { numerator: 1, denominator: 2 },
        { numerator: 2, denominator: 4 },
      ],
      { seed: 1 },
    );
    expect(interval).toMatchObject({ value: 0.5, lower: 0.5, upper: 0.5 });
  });

  it('has an infinite upper bound when many resamples draw no success', () => {
    // 3 tasks, only one with a success: a resample misses it with probability (2/3)³ = 30%.
    const interval = clusterRatioBootstrapInterval(
      [
        { numerator: 1, denominator: 1 },
        { numerator: 1, denominator: 0 },
        { numerator: 1, denominator: 0 },
      ],
      { seed: 4 },
    );
    expect(interval.value).toBe(3);
    expect(interval.lower).toBe(1);
    expect(interval.upper).toBe(Number.POSITIVE_INFINITY);
  });

  it('gives the same interval for the same seed', () => {
    const clusters: RatioCluster[] = [0.3, 0.1, 0.9, 0.4, 0.2].map((cost, index) => ({
      numerator: cost,
      denominator: index % 3,
    }));
    expect(clusterRatioBootstrapInterval(clusters, { seed: 9 })).toEqual(
      clusterRatioBootstrapInterval(clusters, { seed: 9 }),
    );
  });

  it('gives no interval for one task, no denominator or negative input', () => {
    const one = clusterRatioBootstrapInterval([{ numerator: 1, denominator: 2 }], { seed: 1 });
    expect(one).toMatchObject({ value: 0.5, method: 'single-task' });
    expect(one.lower).toBeNaN();
    const none = clusterRatioBootstrapInterval(
      [
        { numerator: 1, denominator: 0 },
        { numerator: 1, denominator: 0 },
      ],
      { seed: 1 },
    );
    expect(none).toMatchObject({ method: 'no-denominator' });
    expect(none.value).toBeNaN();
  });

  it('throws a RangeError naming the task with a negative or non-finite total', () => {
    expect(() =>
      clusterRatioBootstrapInterval([{ numerator: -1, denominator: 1 }], { seed: 1 }),
    ).toThrow(
      new RangeError(
        'clusterRatioBootstrapInterval: clusters[0].numerator is -1; it must be a finite number, 0 or more',
      ),
    );
    expect(() =>
      clusterRatioBootstrapInterval(
        [
          { numerator: 1, denominator: 1 },
          { numerator: 1, denominator: Number.NaN },
        ],
        { seed: 1 },
      ),
    ).toThrow('clusterRatioBootstrapInterval: clusters[1].denominator is NaN;');
  });

  it('covers the true cost per success in 92–98% of 1000 simulated suites of 30 tasks', () => {
    // Each task: 4 trials, success rate drawn uniformly from [0.2, 1], each trial costing
    // uniformly [0, 0.2] USD. True cost per success = E[cost per task] / E[successes per task]
    // = (4 · 0.1) / (4 · 0.6) = 1/6.
    const rng = createRng(2024);
    let covered = 0;
    const suites = 1000;
    for (let suite = 0; suite < suites; suite += 1) {
      const clusters = Array.from({ length: 30 }, () => {
        const rate = 0.2 + 0.8 * rng.next();
        let cost = 0;
        let successes = 0;
        for (let trial = 0; trial < 4; trial += 1) {
          cost += 0.2 * rng.next();
          if (rng.next() < rate) successes += 1;
        }
        return { numerator: cost, denominator: successes };
      });
      const { lower, upper } = clusterRatioBootstrapInterval(clusters, {
        seed: rng.int(0, 2 ** 31 - 1),
        resamples: 1000,
      });
      if (lower <= 1 / 6 && 1 / 6 <= upper) covered += 1;
    }
    expect(covered / suites).toBeGreaterThanOrEqual(0.92);
    expect(covered / suites).toBeLessThanOrEqual(0.98);
  });
});
