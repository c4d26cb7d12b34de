import { describe, expect, it } from 'vitest';
import type { TrialRecord } from '../schema/index.js';
import { buildTrialRecord } from '../testing/index.js';
import { finalConfidence, summariseCalibration } from './calibration-summary.js';

let attempt = 0;
function answered(success: boolean, confidence?: number): TrialRecord {
  return buildTrialRecord({
    task_id: 'a',
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
    const summary = summariseCalibration([
      answered(true, 0.9),
      answered(false, 0.9),
      answered(false, 0.2),
      answered(false, 0.2),
      answered(true),
    ]);
    expect(summary).toMatchObject({ trials: 4, trials_without_confidence: 1, accuracy: 0.25 });
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
    expect(summariseCalibration([answered(true), answered(false)])).toBeNull();
  });

  it('reads the confidence of the final agent event only', () => {
    expect(finalConfidence(answered(true, 0.6))).toBe(0.6);
    expect(finalConfidence(answered(true))).toBeUndefined();
  });
});
