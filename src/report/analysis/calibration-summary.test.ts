import { describe, expect, it } from 'vitest';
import type { TrialRecord } from '../../schema/index.js';
import { buildTrialRecord } from '../../testing/index.js';
import {
  calibrationFigures,
  finalConfidence,
  summariseCalibration,
} from './calibration-summary.js';

let attempt = 0;
function answered(success: boolean, confidence?: number, task_id = 'a'): TrialRecord {
  return buildTrialRecord({
    task_id,
    attempt: ++attempt,
    success,
    events: [
      { t_ms: 0, kind: 'agent', text: 'May I?', final: false },
      {
        t_ms: 1,
        kind: 'agent',
        text: 'Done.',
        final: true,
        ...(confidence === undefined ? {} : { confidence }),
      },
    ],
  });
}

describe('summariseCalibration', () => {
  it('gives the worked example: ECE 0.3 over four trials with a confidence', () => {
    // Bin (0.8, 0.9]: 0.9 twice, one success: |0.5 − 0.9| = 0.4, weight 2/4.
    // Bin (0.1, 0.2]: 0.2 twice, no success: |0 − 0.2| = 0.2, weight 2/4.
    // ECE = 0.5·0.4 + 0.5·0.2 = 0.3; mean confidence 0.55; accuracy 1/4.
    // Brier = ((0.9 − 1)² + 0.9² + 0.2² + 0.2²) / 4 = (0.01 + 0.81 + 0.04 + 0.04) / 4 = 0.225.
    const summary = summariseCalibration(
      [
        answered(true, 0.9),
        answered(false, 0.9, 'b'),
        answered(false, 0.2),
        answered(false, 0.2, 'b'),
        answered(true),
      ],
      1,
    );
    expect(summary).toMatchObject({
      trials: 4,
      trials_without_confidence: 1,
      tasks: 2,
      accuracy: 0.25,
      brier_method: 'cluster-bootstrap-expanded-percentile',
      ece_bound: 'cluster-bootstrap-expanded-percentile-one-sided',
    });
    expect(summary?.brier).toBeCloseTo(0.225, 15);
    expect(summary?.ece).toBeCloseTo(0.3, 15);
    expect(summary?.mean_confidence).toBeCloseTo(0.55, 15);
    expect(summary?.reliability).toHaveLength(10);
    expect(summary?.reliability[8]).toMatchObject({
      count: 2,
      accuracy: 0.5,
      mean_confidence: 0.9,
    });
  });

  it('is null when no trial carries a confidence', () => {
    expect(summariseCalibration([answered(true), answered(false)], 1)).toBeNull();
  });

  it('reads the confidence of the final agent event only', () => {
    expect(finalConfidence(answered(true, 0.6))).toBe(0.6);
    expect(finalConfidence(answered(true))).toBeUndefined();
  });
});

describe('calibrationFigures', () => {
  it('gives no interval over a single task', () => {
    const figures = calibrationFigures([[{ confidence: 0.5, correct: true }]], { seed: 1 });
    expect(figures).toMatchObject({
      brier: 0.25,
      brier_method: 'single-task',
      ece_bound: 'single-task',
    });
    expect(figures.brier_ci95[0]).toBeNaN();
    expect(figures.ece_upper95).toBeNaN();
  });
});
