import { describe, expect, it } from 'vitest';
import { createRng } from '../core/index.js';
import type { Rng } from '../core/index.js';
import { sampleBeta } from '../testing/sample-beta.js';
import { clopperPearsonUpperBound } from './clopper-pearson-upper-bound.js';
import { clusteredUpperBound } from './clustered-upper-bound.js';
import type { TaskEventCounts } from './clustered-upper-bound.js';

/** Share of simulated suites whose bound is at or above the true mean rate. */
function simulateCoverage(
  rng: Rng,
  cell: { tasks: number; trials: number; rate: number; icc: number; suites: number },
  bound: (counts: TaskEventCounts[]) => number,
): number {
  // Beta(a, b) with mean `rate` and intra-task correlation 1/(a + b + 1) = icc.
  const total = 1 / cell.icc - 1;
  const [a, b] = [cell.rate * total, (1 - cell.rate) * total];
  let covered = 0;
  for (let suite = 0; suite < cell.suites; suite += 1) {
    const counts = Array.from({ length: cell.tasks }, () => {
      const taskRate = sampleBeta(rng, a, b);
      let events = 0;
      for (let trial = 0; trial < cell.trials; trial += 1) if (rng.next() < taskRate) events += 1;
      return { events, trials: cell.trials };
    });
    if (bound(counts) >= cell.rate) covered += 1;
  }
  return covered / cell.suites;
}

describe('clusteredUpperBound coverage (simulation)', () => {
  const suites = 2000;
  // 95% less three standard errors of a simulated share at 95% (0.0049 for 2000 suites).
  const floor = 0.95 - 3 * Math.sqrt((0.95 * 0.05) / suites);
  const cells = [
    { tasks: 20, trials: 4, rate: 0.05, icc: 0.5 },
    { tasks: 30, trials: 4, rate: 0.1, icc: 0.9 },
    { tasks: 30, trials: 8, rate: 0.1, icc: 0.3 },
    { tasks: 10, trials: 8, rate: 0.3, icc: 0.3 },
    { tasks: 50, trials: 2, rate: 0.2, icc: 0.1 },
  ];

  it.each(cells)(
    'covers the true rate one-sidedly at 95% ($tasks tasks × $trials, rate $rate, ρ $icc)',
    (cell) => {
      const coverage = simulateCoverage(
        createRng(cell.tasks * 1000 + cell.trials),
        { ...cell, suites },
        (counts) => clusteredUpperBound(counts).upper,
      );
      expect(coverage).toBeGreaterThanOrEqual(floor);
    },
  );

  it('would fail without the clustering: the plain bound over trials covers far less', () => {
    const coverage = simulateCoverage(
      createRng(7),
      { tasks: 30, trials: 8, rate: 0.05, icc: 0.5, suites },
      (counts) =>
        clopperPearsonUpperBound(
          counts.reduce((sum, task) => sum + task.events, 0),
          counts.reduce((sum, task) => sum + task.trials, 0),
        ),
    );
    expect(coverage).toBeLessThan(floor);
  });
});
