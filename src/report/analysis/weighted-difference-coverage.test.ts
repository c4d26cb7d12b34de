import { describe, expect, it } from 'vitest';
import { createRng } from '../../core/index.js';
import type { Rng } from '../../core/index.js';
import { sampleBeta } from '../../testing/sample-beta.js';
import { pairedDifference } from './paired-difference.js';
import type { TaskDifference } from './paired-difference.js';

/**
 * A suite whose heavy tasks change and light ones do not: weight 1 (60% of
 * tasks, A's rate Beta(4, 1), B's the same) or weight 4 (40%, A's rate
 * Beta(2, 2), B's half of it, so E[δ] = −0.25). The target is the
 * population's weighted mean difference, (0.4·4·(−0.25)) / (0.6 + 0.4·4)
 * = −0.1818; ignoring the weights estimates −0.1 instead.
 */
const TRUTH = (0.4 * 4 * -0.25) / (0.6 + 0.4 * 4);

function observed(rng: Rng, rate: number, trials: number): number {
  let successes = 0;
  for (let trial = 0; trial < trials; trial += 1) if (rng.next() < rate) successes += 1;
  return successes / trials;
}

function simulateSuite(rng: Rng, tasks: number, trials: number): TaskDifference[] {
  return Array.from({ length: tasks }, () => {
    const isHeavy = rng.next() >= 0.6;
    const rateA = isHeavy ? sampleBeta(rng, 2, 2) : sampleBeta(rng, 4, 1);
    const rateB = isHeavy ? rateA / 2 : rateA;
    const difference = observed(rng, rateB, trials) - observed(rng, rateA, trials);
    return { difference, trialsA: trials, trialsB: trials, weight: isHeavy ? 4 : 1 };
  });
}

function coverage(
  tasks: number,
  trials: number,
  prepare: (suite: TaskDifference[]) => TaskDifference[] = (suite) => suite,
): number {
  const rng = createRng(20261202);
  const suites = 1500;
  let covered = 0;
  for (let suite = 0; suite < suites; suite += 1) {
    const [lower, upper] = pairedDifference(prepare(simulateSuite(rng, tasks, trials)), {
      seed: suite,
    }).difference.ci95;
    if (lower <= TRUTH && TRUTH <= upper) covered += 1;
  }
  return covered / suites;
}

describe('weighted paired difference coverage (1500 simulated pairs of runs per design)', () => {
  // At 10 tasks (about 7 effective) the sandwich variance is noisy and the
  // interval undercovers by a few points: 91.4% with this seed.
  it('covers the weighted mean difference in at least 90 percent of pairs: 10 tasks × 4 trials', () => {
    expect(coverage(10, 4)).toBeGreaterThanOrEqual(0.9);
  });

  it.each([
    [20, 8],
    [50, 8],
  ])(
    'covers the weighted mean difference in at least 92 percent of pairs: %i tasks × %i trials',
    (tasks, trials) => {
      expect(coverage(tasks, trials)).toBeGreaterThanOrEqual(0.92);
    },
  );

  it('is a check that fails a difference that ignores the weights', () => {
    const unweighted = (suite: TaskDifference[]) =>
      suite.map(({ difference, trialsA, trialsB }) => ({ difference, trialsA, trialsB }));
    expect(coverage(50, 8, unweighted)).toBeLessThan(0.6);
  });
});
