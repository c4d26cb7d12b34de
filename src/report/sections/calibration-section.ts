import { summariseCalibration } from '../analysis/calibration-summary.js';
import { fixed, percent } from '../rendering/format-figures.js';
import type { ScorecardSection } from '../scorecard-section.js';

/** Brier score and expected calibration error of the confidences agents stated. */
export const calibrationSection: ScorecardSection<'calibration'> = {
  key: 'calibration',
  weights: 'none',
  summarise: ({ valid, run }) => summariseCalibration(valid, run.seed),
  terminal: {
    slot: 'reliability',
    lines: (c) => [
      `Calibration Brier ${fixed(c.brier)} (95% CI [${fixed(c.brier_ci95[0])}, ${fixed(c.brier_ci95[1])}]) · ECE ${fixed(c.ece)} (one-sided 95% upper bound ${fixed(c.ece_upper95)}) · n=${c.trials} trials with a confidence, ${c.tasks} tasks; ${c.trials_without_confidence} without one, left out · mean confidence ${fixed(c.mean_confidence, 2)}, success ${percent(c.accuracy)}`,
    ],
  },
  markdown: {
    slot: 'reliability',
    rows: (c) => [
      [
        'Calibration',
        `Brier ${fixed(c.brier)} (95% CI ${fixed(c.brier_ci95[0])} to ${fixed(c.brier_ci95[1])}) · ECE ${fixed(c.ece)} (one-sided 95% upper bound ${fixed(c.ece_upper95)}) · ${c.trials} trials with a confidence, ${c.trials_without_confidence} without (left out)`,
      ],
    ],
  },
};
