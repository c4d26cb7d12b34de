import type { Rng } from '../../src/core/index.js';
import { createRng } from '../../src/core/index.js';
import type { ConfidencePrediction } from '../../src/stats/index.js';
import { sampleBeta } from '../../src/testing/sample-beta.js';

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

/** One simulated design: the agent, its Beta task rates, and the suite's size. */
export interface CalibrationCell {
  readonly agent: keyof typeof CALIBRATION_TRUTH;
  readonly a: number;
  readonly b: number;
  readonly tasks: number;
  readonly trials: number;
}

/**
 * The share of `suites` simulated suites of one design for which `covers`
 * holds, given the suite, its index (a bootstrap seed) and the design's
 * true ECE and Brier score. Seeded by `seed`, so the share is the same on
 * every run.
 */
export function simulatedCalibrationCoverage(
  cell: CalibrationCell,
  options: { readonly suites: number; readonly seed: number },
  covers: (
    suite: ConfidencePrediction[][],
    index: number,
    truth: { readonly ece: number; readonly brier: number },
  ) => boolean,
): number {
  const truth = (CALIBRATION_TRUTH[cell.agent] as Record<string, { ece: number; brier: number }>)[
    `${cell.a},${cell.b}`
  ] ?? { ece: Number.NaN, brier: Number.NaN };
  const rng = createRng(options.seed);
  const confidence = cell.agent === 'calibrated' ? (rate: number) => rate : Math.sqrt;
  let covered = 0;
  for (let index = 0; index < options.suites; index += 1) {
    if (covers(simulateCalibration(rng, { ...cell, confidence }), index, truth)) covered += 1;
  }
  return covered / options.suites;
}
