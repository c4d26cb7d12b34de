import { describe, expect, it } from 'vitest';
import { statsReference } from '../../test/support/stats-reference.js';
import { expectedCalibrationError } from './expected-calibration-error.js';

describe('expectedCalibrationError', () => {
  it('matches the independently computed ECE of the reference data set (10 bins)', () => {
    const reference = statsReference.expected_calibration_error;
    const predictions = reference.confidence.map((confidence, index) => ({
      confidence,
      correct: reference.correct[index] === 1,
    }));
    const { ece, count, bins } = expectedCalibrationError(predictions);
    expect(count).toBe(200);
    expect(Math.abs(ece - reference.ece)).toBeLessThanOrEqual(1e-12);
    expect(bins.reduce((sum, bin) => sum + bin.count, 0)).toBe(200);
  });

  it('gives the worked example: 0.4 for 0.9 said twice and right once', () => {
    // One bin, (0.8, 0.9]: accuracy 1/2, mean confidence 0.9 → |0.5 − 0.9| = 0.4.
    expect(
      expectedCalibrationError([
        { confidence: 0.9, correct: true },
        { confidence: 0.9, correct: false },
      ]).ece,
    ).toBeCloseTo(0.4, 15);
  });

  it('weights each bin by its share of the predictions', () => {
    // Bin (0.1, 0.2]: 0.2 and 0.2, both wrong: |0 − 0.2| = 0.2, weight 2/4.
    // Bin (0.7, 0.8]: 0.8 and 0.8, one right: |0.5 − 0.8| = 0.3, weight 2/4.
    // ECE = 0.5·0.2 + 0.5·0.3 = 0.25.
    const { ece, bins } = expectedCalibrationError([
      { confidence: 0.2, correct: false },
      { confidence: 0.2, correct: false },
      { confidence: 0.8, correct: true },
      { confidence: 0.8, correct: false },
    ]);
    expect(ece).toBeCloseTo(0.25, 15);
    expect(bins[1]).toMatchObject({ count: 2, mean_confidence: 0.2, accuracy: 0 });
    expect(bins[7]).toMatchObject({ count: 2, mean_confidence: 0.8, accuracy: 0.5 });
    expect(bins[0]?.count).toBe(0);
    expect(bins[0]?.accuracy).toBeNaN();
  });

  it('puts a confidence on an edge in the bin below it, and 0 in the first', () => {
    // 0.3·10 = 3.0000000000000004 in floating point; 0.3 still belongs to (0.2, 0.3].
    const { bins } = expectedCalibrationError([
      { confidence: 0.3, correct: true },
      { confidence: 0, correct: false },
      { confidence: 1, correct: true },
      { confidence: 0.7, correct: true },
    ]);
    expect(bins.map((bin) => bin.count)).toEqual([1, 0, 1, 0, 0, 0, 1, 0, 0, 1]);
  });

  it('is 0 when every bin is right as often as it says', () => {
    expect(
      expectedCalibrationError([
        { confidence: 1, correct: true },
        { confidence: 0, correct: false },
      ]).ece,
    ).toBe(0);
  });

  it('gives NaN for no predictions and refuses a confidence outside [0, 1] or a bad bin count', () => {
    expect(expectedCalibrationError([]).ece).toBeNaN();
    expect(() => expectedCalibrationError([{ confidence: 1.5, correct: true }])).toThrow(
      new RangeError(
        'expectedCalibrationError: predictions[0].confidence is 1.5; it must be a number from 0 to 1',
      ),
    );
    expect(() => expectedCalibrationError([], 0)).toThrow(/binCount is 0/);
  });
});
