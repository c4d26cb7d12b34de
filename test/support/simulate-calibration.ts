import type { Rng } from '../../src/core/index.js';
import type { ConfidencePrediction } from '../../src/stats/index.js';
import { sampleBeta } from '../../src/testing/index.js';

/**
 * An agent whose task success rates p come from Beta(a, b) and who states
 * `confidence(p)` on every trial of a task: p itself is perfectly
 * calibrated, √p overconfident. Returns one simulated suite, grouped by task.
 */
export function simulateCalibration(
  rng: Rng,
  cell: {
    readonly tasks: number;
    readonly trials: number;
    readonly a: number;
    readonly b: number;
    readonly confidence: (rate: number) => number;
  },
): ConfidencePrediction[][] {
  return Array.from({ length: cell.tasks }, () => {
    const rate = sampleBeta(rng, cell.a, cell.b);
    const confidence = cell.confidence(rate);
    return Array.from({ length: cell.trials }, () => ({ confidence, correct: rng.next() < rate }));
  });
}

/**
 * True ECE (10 bins) and Brier score of such agents, from closed forms
 * evaluated with SciPy (quad over the Beta density). Calibrated (c = p):
 * ECE 0, Brier E[p(1 − p)] = ab/((a + b)(a + b + 1)). Overconfident
 * (c = √p ≥ p, so every bin errs the same way): ECE = E[√p] − E[p] =
 * B(a + ½, b)/B(a, b) − a/(a + b); Brier = 2E[p] − 2E[p^1.5].
 */
export const CALIBRATION_TRUTH = {
  calibrated: { '2,2': { ece: 0, brier: 0.2 }, '1,3': { ece: 0, brier: 0.15 } },
  overconfident: {
    '2,2': { ece: 0.1857142857142857, brier: 0.2380952380963156 },
    '1,3': { ece: 0.20714285714285716, brier: 0.19523809524103306 },
    '4,1': { ece: 0.08888888888888888, brier: 0.14545454545460004 },
  },
} as const;
