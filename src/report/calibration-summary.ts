import type { TrialRecord } from '../schema/index.js';
import { expectedCalibrationError, mean } from '../stats/index.js';
import type { ReliabilityBin } from '../stats/index.js';

/**
 * How well the confidence an agent states with its final answer matches
 * how often it succeeds, over the valid trials that carry one.
 */
export interface CalibrationSummary {
  /** Valid trials whose final answer carried a confidence: the denominator of every figure here. */
  readonly trials: number;
  /** Valid trials without one (no final answer, or none reported): left out. */
  readonly trials_without_confidence: number;
  /** Expected calibration error over 10 equal-width bins, in [0, 1]: 0 is perfectly calibrated. */
  readonly ece: number;
  readonly mean_confidence: number;
  /** Success rate of the same trials (pooled, not task-weighted). */
  readonly accuracy: number;
  /** The reliability table: the 10 bins (lower, upper], each with its count, mean confidence and accuracy. */
  readonly reliability: readonly ReliabilityBin[];
}

/** The confidence on a trial's final `agent` event, if any. */
export function finalConfidence(trial: TrialRecord): number | undefined {
  for (const event of trial.events) {
    if (event.kind === 'agent' && event.final) return event.confidence;
  }
  return undefined;
}

/**
 * Calibration of the agent's stated confidence against trial success;
 * null unless some valid trial carries a confidence. Trials are pooled:
 * ECE is a statement about the agent's answers, and each trial's answer
 * counts once.
 */
export function summariseCalibration(valid: readonly TrialRecord[]): CalibrationSummary | null {
  const predictions = valid.flatMap((trial) => {
    const confidence = finalConfidence(trial);
    return confidence === undefined ? [] : [{ confidence, correct: trial.success }];
  });
  if (predictions.length === 0) return null;
  const { ece, bins } = expectedCalibrationError(predictions);
  return {
    trials: predictions.length,
    trials_without_confidence: valid.length - predictions.length,
    ece,
    mean_confidence: mean(predictions.map((prediction) => prediction.confidence)),
    accuracy: mean(predictions.map((prediction) => (prediction.correct ? 1 : 0))),
    reliability: bins,
  };
}
