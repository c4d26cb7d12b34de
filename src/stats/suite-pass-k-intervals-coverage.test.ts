import { describe, expect, it } from 'vitest';
import { createRng } from '../core/index.js';
import { sampleBeta } from '../testing/sample-beta.js';
import { suitePassKIntervals } from './suite-pass-k-intervals.js';
import type { TaskTrialCounts } from './suite-pass-k.js';

/** E[p^k] of p ~ Beta(a, b): Π_{j<k} (a + j)/(a + b + j). */
function betaMoment(a: number, b: number, k: number): number {
  let product = 1;
  for (let j = 0; j < k; j += 1) product *= (a + j) / (a + b + j);
  return product;
}

// A Monte Carlo simulation: the slow tier (npm run test:slow) runs it.
describe('suitePassKIntervals coverage', () => {
  it('covers the true pass^k and pass@k of Beta-distributed task rates', () => {
    // 20 tasks × 8 trials, rates from Beta(4, 2): pass^4 = E[p^4] = 840/3024,
    // pass@4 = 1 − E[(1 − p)^4] = 1 − 120/3024.
    const rng = createRng(4);
    const truthHat = betaMoment(4, 2, 4);
    const truthAt = 1 - betaMoment(2, 4, 4);
    expect(truthHat).toBeCloseTo(840 / 3024, 12);
    const suites = 1500;
    let coveredHat = 0;
    let coveredAt = 0;
    for (let suite = 0; suite < suites; suite += 1) {
      const tasks: TaskTrialCounts[] = Array.from({ length: 20 }, () => {
        const rate = sampleBeta(rng, 4, 2);
        let c = 0;
        for (let trial = 0; trial < 8; trial += 1) if (rng.next() < rate) c += 1;
        return { n: 8, c };
      });
      const { passHatK, passAtK } = suitePassKIntervals(tasks);
      const hat = passHatK[4]!;
      const at = passAtK[4]!;
      if (hat.lower <= truthHat && truthHat <= hat.upper) coveredHat += 1;
      if (at.lower <= truthAt && truthAt <= at.upper) coveredAt += 1;
    }
    expect(coveredHat / suites).toBeGreaterThanOrEqual(0.92);
    expect(coveredAt / suites).toBeGreaterThanOrEqual(0.92);
    // 1500 suites' intervals: about 10 s on a quiet 2-core machine, three times that on a busy one.
  }, 120_000);
});
