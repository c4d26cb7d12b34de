import { mean } from './mean.js';
import { checkCount, checkUnitValue } from './check-estimator-input.js';

/** One prediction: the confidence stated with it, and whether it turned out right. */
export interface ConfidencePrediction {
  /** In [0, 1]. */
  readonly confidence: number;
  readonly correct: boolean;
}

/** One row of a reliability table: the predictions whose confidence fell in (lower, upper]. */
export interface ReliabilityBin {
  readonly lower: number;
  readonly upper: number;
  readonly count: number;
  /** NaN (null in JSON) for an empty bin. */
  readonly mean_confidence: number;
  /** Share of the bin's predictions that were right; NaN for an empty bin. */
  readonly accuracy: number;
}

export interface CalibrationError {
  /** Expected calibration error, in [0, 1]; NaN when there are no predictions. */
  readonly ece: number;
  readonly count: number;
  /** Every bin, empty ones included, lowest first. */
  readonly bins: readonly ReliabilityBin[];
}

const DEFAULT_BINS = 10;

/** Each prediction's confidence in [0, 1], named `path[i].confidence` when not. */
export function checkPredictions(
  fn: string,
  predictions: readonly ConfidencePrediction[],
  path: string,
): void {
  predictions.forEach((prediction, index) =>
    checkUnitValue({ fn, path: `${path}[${index}].confidence` }, prediction.confidence),
  );
}

/**
 * Expected calibration error with equal-width bins (Naeini et al. 2015;
 * Guo et al. 2017): bin b of B holds the confidences in (b/B, (b+1)/B],
 * the first also holds 0, and
 *   ECE = Σ_b (n_b / N) · |accuracy_b − mean confidence_b|.
 * 0 is perfectly calibrated; an agent that says 0.9 and is right half the
 * time scores 0.4. The bins come back as a reliability table.
 *
 * Edges are compared as b/B exactly, so 0.3 falls in (0.2, 0.3] however
 * 0.3·10 rounds. Empty input gives NaN. A confidence outside [0, 1] or a
 * bin count that is not a whole number ≥ 1 throws a RangeError naming it.
 *
 * @example
 * expectedCalibrationError([
 *   { confidence: 0.9, correct: true },
 *   { confidence: 0.9, correct: false },
 * ]).ece; // 0.4: one bin, accuracy 0.5 against confidence 0.9
 */
export function expectedCalibrationError(
  predictions: readonly ConfidencePrediction[],
  binCount = DEFAULT_BINS,
): CalibrationError {
  checkPredictions('expectedCalibrationError', predictions, 'predictions');
  checkCount({ fn: 'expectedCalibrationError', path: 'binCount' }, binCount, 1);
  const members: ConfidencePrediction[][] = Array.from({ length: binCount }, () => []);
  for (const prediction of predictions)
    members[binOf(prediction.confidence, binCount)]?.push(prediction);
  const bins = members.map((of, index) => ({
    lower: index / binCount,
    upper: (index + 1) / binCount,
    count: of.length,
    mean_confidence: mean(of.map((prediction) => prediction.confidence)),
    accuracy: mean(of.map((prediction) => (prediction.correct ? 1 : 0))),
  }));
  const count = predictions.length;
  const ece =
    count === 0
      ? Number.NaN
      : bins.reduce(
          (sum, bin) =>
            bin.count === 0
              ? sum
              : sum + (bin.count / count) * Math.abs(bin.accuracy - bin.mean_confidence),
          0,
        );
  return { ece, count, bins };
}

/** The b with b/B < confidence ≤ (b+1)/B (b = 0 for a confidence of 0). */
function binOf(confidence: number, binCount: number): number {
  let bin = Math.min(Math.max(Math.ceil(confidence * binCount) - 1, 0), binCount - 1);
  // confidence·B can round across an edge; settle against the edges as the definition writes them.
  while (bin > 0 && confidence <= bin / binCount) bin -= 1;
  while (bin < binCount - 1 && confidence > (bin + 1) / binCount) bin += 1;
  return bin;
}
