import { describe, expect, it } from 'vitest';
import { createRng } from '../../core/index.js';
import type { Rng } from '../../core/index.js';
import { sampleBeta } from '../../testing/sample-beta.js';
import { summariseRobustness } from './robustness-summary.js';
import type { RobustnessTask } from './robustness-summary.js';

/**
 * Base task i succeeds with rate p_i ~ Beta(3, 1.5); each of its variants
 * with rate p_i · u_ij, u_ij ~ Beta(8, 2) (a variant keeps 80% of the
 * success on average, some more, some less). The population's robustness
 * gap is E[p − p·u] = E[p] · (1 − E[u]) = (3 / 4.5) · 0.2 = 0.1333.
 */
const TRUTH = (3 / 4.5) * 0.2;

function observed(rng: Rng, rate: number, trials: number): number {
  let successes = 0;
  for (let trial = 0; trial < trials; trial += 1) if (rng.next() < rate) successes += 1;
  return successes / trials;
}

function simulateRun(rng: Rng, tasks: number, trials: number, variants: number) {
  const run: RobustnessTask[] = [];
  const kinds = new Map<string, { base: string; perturbation: string }>();
  for (let task = 0; task < tasks; task += 1) {
    const rate = sampleBeta(rng, 3, 1.5);
    const base = `t${task}`;
    run.push({ task_id: base, weight: 1, trials, success_rate: observed(rng, rate, trials) });
    for (let variant = 1; variant <= variants; variant += 1) {
      const id = `${base}~typos-${variant}`;
      const variantRate = rate * sampleBeta(rng, 8, 2);
      run.push({
        task_id: id,
        weight: 1,
        trials,
        success_rate: observed(rng, variantRate, trials),
      });
      kinds.set(id, { base, perturbation: 'typos' });
    }
  }
  return { run, kinds };
}

function coverage(tasks: number, trials: number, variants: number, truth = TRUTH): number {
  const rng = createRng(20261202);
  const runs = 1500;
  let covered = 0;
  for (let index = 0; index < runs; index += 1) {
    const { run, kinds } = simulateRun(rng, tasks, trials, variants);
    const [lower, upper] = summariseRobustness(run, kinds, { seed: index })!.kinds[0]!.gap.ci95;
    if (lower <= truth && truth <= upper) covered += 1;
  }
  return covered / runs;
}

describe('robustness gap coverage (1500 simulated runs per design)', () => {
  // Measured with this seed: 95.7% (10 × 4 × 2), 93.9% (20 × 4 × 1), 95.1% (50 × 2 × 3).
  it.each([
    [10, 4, 2],
    [20, 4, 1],
    [50, 2, 3],
  ])(
    'covers the population gap in at least 93 percent of runs: %i base tasks × %i trials × %i variants',
    (tasks, trials, variants) => {
      expect(coverage(tasks, trials, variants)).toBeGreaterThanOrEqual(0.93);
    },
  );

  it('is a check that fails an interval around the wrong gap (no gap: 0.3% of runs cover 0)', () => {
    expect(coverage(50, 8, 3, 0)).toBeLessThan(0.05);
  });
});
