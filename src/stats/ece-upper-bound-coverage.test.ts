import { describe, expect, it } from 'vitest';
import { simulatedCalibrationCoverage } from '../../test/support/simulate-calibration.js';
import type { ConfidencePrediction } from './expected-calibration-error.js';
import { eceUpperBound } from './ece-upper-bound.js';

describe('eceUpperBound coverage (simulation)', () => {
  const suites = 400;
  // 95% less three standard errors of a simulated share (0.011 for 400 suites).
  const floor = 0.95 - 3 * Math.sqrt((0.95 * 0.05) / suites);
  const cells = [
    { agent: 'calibrated', a: 2, b: 2, tasks: 20, trials: 4 },
    { agent: 'calibrated', a: 1, b: 3, tasks: 30, trials: 8 },
    { agent: 'overconfident', a: 2, b: 2, tasks: 10, trials: 4 },
    { agent: 'overconfident', a: 1, b: 3, tasks: 30, trials: 8 },
    { agent: 'overconfident', a: 4, b: 1, tasks: 30, trials: 8 },
  ] as const;

  const coverage = (
    cell: (typeof cells)[number],
    bound: (suite: ConfidencePrediction[][], seed: number) => number,
  ): number =>
    simulatedCalibrationCoverage(
      cell,
      { suites, seed: cell.tasks * 100 + cell.trials + cell.a },
      (suite, index, truth) => bound(suite, index) >= truth.ece,
    );

  it.each(cells)(
    'bounds the true ECE from above at 95% ($agent, Beta($a, $b), $tasks tasks × $trials)',
    (cell) => {
      const share = coverage(
        cell,
        (suite, seed) => eceUpperBound(suite, { seed, resamples: 500 }).upper,
      );
      expect(share).toBeGreaterThanOrEqual(floor);
    },
  );

  it('would fail for a bound that is too low: the sample ECE itself covers about half the time', () => {
    const share = coverage(
      cells[3],
      (suite, seed) => eceUpperBound(suite, { seed, resamples: 1 }).value,
    );
    expect(share).toBeLessThan(floor);
  });
});
