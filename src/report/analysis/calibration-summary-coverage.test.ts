import { describe, expect, it } from 'vitest';
import { simulatedCalibrationCoverage } from '../../../test/support/simulate-calibration.js';
import { calibrationFigures } from './calibration-summary.js';

describe('Brier score interval coverage (simulation)', () => {
  const suites = 400;
  // 95% less three standard errors of a simulated share (0.011 for 400 suites).
  const floor = 0.95 - 3 * Math.sqrt((0.95 * 0.05) / suites);
  const cells = [
    { agent: 'calibrated', a: 2, b: 2, tasks: 20, trials: 4 },
    { agent: 'calibrated', a: 1, b: 3, tasks: 30, trials: 8 },
    { agent: 'overconfident', a: 2, b: 2, tasks: 10, trials: 4 },
    { agent: 'overconfident', a: 4, b: 1, tasks: 30, trials: 8 },
  ] as const;

  it.each(cells)(
    'covers the true Brier score at 95% ($agent, Beta($a, $b), $tasks tasks × $trials)',
    (cell) => {
      const seed = cell.tasks * 10 + cell.trials + cell.a;
      const share = simulatedCalibrationCoverage(cell, { suites, seed }, (suite, index, truth) => {
        const figures = calibrationFigures(suite, { seed: index, resamples: 500 });
        return figures.brier_ci95[0] <= truth.brier && truth.brier <= figures.brier_ci95[1];
      });
      expect(share).toBeGreaterThanOrEqual(floor);
    },
  );
});
