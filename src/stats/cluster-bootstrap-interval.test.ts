import { describe, expect, it } from 'vitest';
import { statsReference } from '../../test/support/stats-reference.js';
import { createRng } from '../core/index.js';
import type { Rng } from '../core/index.js';
import { clusterBootstrapInterval } from './cluster-bootstrap-interval.js';
import type { TrialCluster } from './cluster-bootstrap-interval.js';

/** Beta(a, b) for whole a, b: the a-th smallest of a + b − 1 uniforms. */
function sampleBeta(rng: Rng, a: number, b: number): number {
  const uniforms = Array.from({ length: a + b - 1 }, () => rng.next()).sort((x, y) => x - y);
  return uniforms[a - 1] ?? Number.NaN;
}

interface CoverageScenario {
  readonly tasks: number;
  readonly trialsPerTask: number;
  readonly beta: readonly [a: number, b: number];
  readonly suites: number;
  readonly resamples: number;
}

/**
 * Share of simulated suites whose 95% interval contains the true mean task
 * rate a/(a+b): each suite draws every task's true rate from Beta(a, b),
 * then runs that many Bernoulli trials per task.
 */
function coverage(scenario: CoverageScenario, rng: Rng): number {
  const [a, b] = scenario.beta;
  const trueMean = a / (a + b);
  let covered = 0;
  for (let suite = 0; suite < scenario.suites; suite += 1) {
    const clusters: TrialCluster[] = Array.from({ length: scenario.tasks }, () => {
      const rate = sampleBeta(rng, a, b);
      let successes = 0;
      for (let trial = 0; trial < scenario.trialsPerTask; trial += 1) {
        if (rng.next() < rate) successes += 1;
      }
      return { successes, trials: scenario.trialsPerTask };
    });
    const interval = clusterBootstrapInterval(clusters, {
      seed: rng.int(0, 2 ** 31 - 1),
      resamples: scenario.resamples,
    });
    if (interval.lower <= trueMean && trueMean <= interval.upper) covered += 1;
  }
  return covered / scenario.suites;
}

/** A suite of 20 tasks with rates spread out and skewed, for the non-simulation tests. */
const spreadSuite: TrialCluster[] = [
  8, 8, 7, 7, 6, 8, 2, 0, 5, 8, 4, 8, 3, 7, 8, 1, 6, 8, 5, 7,
].map((successes) => ({ successes, trials: 8 }));

describe('clusterBootstrapInterval', () => {
  it.each([
    { tasks: 20, beta: [4, 2], label: 'Beta(4, 2), mean 2/3' },
    { tasks: 50, beta: [4, 2], label: 'Beta(4, 2), mean 2/3' },
    { tasks: 20, beta: [1, 2], label: 'Beta(1, 2), mean 1/3, skewed' },
  ] as const)(
    'covers the true mean rate in 93–97% of 2000 simulated suites of $tasks tasks × 8 trials, $label',
    ({ tasks, beta }) => {
      const rng = createRng(20_250_601).fork(`coverage-${tasks}-${beta.join('-')}`);
      const rate = coverage({ tasks, trialsPerTask: 8, beta, suites: 2000, resamples: 500 }, rng);
      expect(rate).toBeGreaterThanOrEqual(0.93);
      expect(rate).toBeLessThanOrEqual(0.97);
    },
  );

  it('reports the task-weighted mean rate, not the pooled rate over trials', () => {
    const clusters = [
      { successes: 10, trials: 10 },
      { successes: 0, trials: 2 },
      { successes: 1, trials: 4 },
    ];
    // Per task: 1, 0, 0.25 → mean 0.41667; pooled 11/16 = 0.6875.
    const interval = clusterBootstrapInterval(clusters, { seed: 1 });
    expect(interval.value).toBeCloseTo(1.25 / 3, 15);
    expect(interval.value).not.toBeCloseTo(11 / 16, 2);
  });

  it('counts tasks and trials', () => {
    const interval = clusterBootstrapInterval(spreadSuite, { seed: 1 });
    expect(interval.tasks).toBe(20);
    expect(interval.trials).toBe(160);
    expect(interval.method).toBe('cluster-bootstrap-expanded-bca');
  });

  it('gives the same interval for the same seed', () => {
    const first = clusterBootstrapInterval(spreadSuite, { seed: 42 });
    const second = clusterBootstrapInterval(spreadSuite, { seed: 42 });
    expect(second).toEqual(first);
  });

  it('draws different resamples for a different seed', () => {
    const first = clusterBootstrapInterval(spreadSuite, { seed: 42 });
    const other = clusterBootstrapInterval(spreadSuite, { seed: 43 });
    expect([other.lower, other.upper]).not.toEqual([first.lower, first.upper]);
  });

  it('brackets the value with an interval inside [0, 1]', () => {
    const { value, lower, upper } = clusterBootstrapInterval(spreadSuite, { seed: 7 });
    expect(lower).toBeGreaterThanOrEqual(0);
    expect(lower).toBeLessThan(value);
    expect(upper).toBeGreaterThan(value);
    expect(upper).toBeLessThanOrEqual(1);
  });

  it('widens as the requested confidence rises', () => {
    const at80 = clusterBootstrapInterval(spreadSuite, { seed: 7, confidence: 0.8 });
    const at99 = clusterBootstrapInterval(spreadSuite, { seed: 7, confidence: 0.99 });
    expect(at99.lower).toBeLessThan(at80.lower);
    expect(at99.upper).toBeGreaterThan(at80.upper);
  });

  it('has NaN value and bounds when there are no tasks', () => {
    const interval = clusterBootstrapInterval([], { seed: 1 });
    expect(interval).toMatchObject({ method: 'no-tasks', tasks: 0, trials: 0 });
    expect(interval.value).toBeNaN();
    expect(interval.lower).toBeNaN();
    expect(interval.upper).toBeNaN();
  });

  it('falls back to the Wilson interval of the trials when there is one task', () => {
    const wilson = statsReference.binomial_intervals_95.cases.find(
      ({ n, c }) => n === 10 && c === 1,
    );
    const interval = clusterBootstrapInterval([{ successes: 1, trials: 10 }], { seed: 1 });
    expect(interval.method).toBe('wilson-single-task');
    expect(interval.value).toBe(0.1);
    expect(interval.lower).toBeCloseTo(wilson?.wilson[0] ?? Number.NaN, 12);
    expect(interval.upper).toBeCloseTo(wilson?.wilson[1] ?? Number.NaN, 12);
  });

  it('collapses to 1 when every trial of every task succeeded', () => {
    const clusters = Array.from({ length: 12 }, () => ({ successes: 5, trials: 5 }));
    expect(clusterBootstrapInterval(clusters, { seed: 3 })).toMatchObject({
      value: 1,
      lower: 1,
      upper: 1,
    });
  });

  it('collapses to 0 when every trial of every task failed', () => {
    const clusters = Array.from({ length: 12 }, () => ({ successes: 0, trials: 5 }));
    expect(clusterBootstrapInterval(clusters, { seed: 3 })).toMatchObject({
      value: 0,
      lower: 0,
      upper: 0,
    });
  });

  it('gives finite bounds when all tasks but one succeed every time', () => {
    const clusters = Array.from({ length: 11 }, () => ({ successes: 5, trials: 5 }));
    clusters.push({ successes: 0, trials: 5 });
    const { value, lower, upper } = clusterBootstrapInterval(clusters, { seed: 3 });
    expect(value).toBeCloseTo(11 / 12, 15);
    expect(Number.isFinite(lower) && Number.isFinite(upper)).toBe(true);
    expect(lower).toBeLessThan(value);
    expect(upper).toBe(1);
  });

  it.each([
    [{ successes: 0, trials: 0 }, 'clusters[1].trials is 0; it must be a whole number, 1 or more'],
    [
      { successes: 3, trials: 2 },
      'clusters[1].successes is 3; it must be a whole number from 0 to clusters[1].trials (2)',
    ],
    [{ successes: -1, trials: 2 }, 'clusters[1].successes is -1;'],
  ])('throws a RangeError naming the task for %o', (bad, message) => {
    expect(() => clusterBootstrapInterval([{ successes: 1, trials: 2 }, bad], { seed: 1 })).toThrow(
      `clusterBootstrapInterval: ${message}`,
    );
  });

  it('throws a RangeError for a non-positive or fractional resample count', () => {
    expect(() => clusterBootstrapInterval(spreadSuite, { seed: 1, resamples: 0 })).toThrow(
      new RangeError(
        'clusterBootstrapInterval: options.resamples is 0; it must be a whole number, 1 or more',
      ),
    );
    expect(() => clusterBootstrapInterval(spreadSuite, { seed: 1, resamples: 10.5 })).toThrow(
      'options.resamples is 10.5',
    );
  });
});
