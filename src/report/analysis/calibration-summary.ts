import type { TrialRecord } from '../../schema/index.js';
import {
  clusterRatioBootstrapInterval,
  eceUpperBound,
  expectedCalibrationError,
  mean,
} from '../../stats/index.js';
import type {
  ClusterRatioBootstrapMethod,
  ConfidencePrediction,
  EceUpperBoundMethod,
  ReliabilityBin,
} from '../../stats/index.js';

/**
 * How well the confidence an agent states with its final answer matches
 * how often it succeeds, over the valid trials that carry one.
 */
export interface CalibrationSummary {
  /** Valid trials whose final answer carried a confidence: the denominator of every figure here. */
  readonly trials: number;
  /** Valid trials without one (no final answer, or none reported): left out of every figure. */
  readonly trials_without_confidence: number;
  /** Tasks the trials with a confidence belong to: the clusters the intervals resample. */
  readonly tasks: number;
  /** Brier score: the mean of (confidence − success)², in [0, 1]; 0 is perfect, 0.25 is a constant 0.5. */
  readonly brier: number;
  /** Two-sided 95% interval of the Brier score, clustered by task; NaN bounds for one task. */
  readonly brier_ci95: readonly [number, number];
  readonly brier_method: ClusterRatioBootstrapMethod;
  /** Expected calibration error over 10 equal-width bins, in [0, 1]: 0 is perfectly calibrated. */
  readonly ece: number;
  /**
   * One-sided 95% upper bound of the ECE, clustered by task (a two-sided
   * interval cannot be had: the sample ECE is biased upward); NaN for one task.
   */
  readonly ece_upper95: number;
  readonly ece_bound: EceUpperBoundMethod;
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

/** The calibration figures of predictions grouped by task. */
export type CalibrationFigures = Omit<CalibrationSummary, 'trials_without_confidence'>;

/**
 * Brier score and ECE of predictions grouped by task, with their
 * task-clustered bounds: the Brier score is Σ (c − y)² / N, a ratio of
 * task totals, so its interval is the expanded percentile task bootstrap
 * of {@link clusterRatioBootstrapInterval}; the ECE gets the one-sided
 * bound of {@link eceUpperBound}. Both bootstraps are seeded by `seed` and
 * draw `resamples` task lists (default 2000).
 */
export function calibrationFigures(
  byTask: readonly (readonly ConfidencePrediction[])[],
  bootstrap: { readonly seed: number; readonly resamples?: number },
): CalibrationFigures {
  const tasks = byTask.filter((predictions) => predictions.length > 0);
  const all = tasks.flat();
  const { ece, bins } = expectedCalibrationError(all);
  const squaredError = ({ confidence, correct }: ConfidencePrediction): number =>
    (confidence - (correct ? 1 : 0)) ** 2;
  const brier = clusterRatioBootstrapInterval(
    tasks.map((predictions) => ({
      numerator: predictions.reduce((sum, prediction) => sum + squaredError(prediction), 0),
      denominator: predictions.length,
    })),
    bootstrap,
  );
  const bound = eceUpperBound(tasks, bootstrap);
  return {
    trials: all.length,
    tasks: tasks.length,
    brier: brier.value,
    brier_ci95: [brier.lower, brier.upper],
    brier_method: brier.method,
    ece,
    ece_upper95: bound.upper,
    ece_bound: bound.method,
    mean_confidence: mean(all.map((prediction) => prediction.confidence)),
    accuracy: mean(all.map((prediction) => (prediction.correct ? 1 : 0))),
    reliability: bins,
  };
}

/**
 * Calibration of the agent's stated confidence against trial success;
 * null unless some valid trial carries a confidence. Trials are pooled:
 * the Brier score and ECE are statements about the agent's answers, and
 * each trial's answer counts once; their bounds resample tasks, since the
 * trials of a task share its difficulty. Trials without a confidence are
 * counted in `trials_without_confidence`, never imputed.
 */
export function summariseCalibration(
  valid: readonly TrialRecord[],
  seed: number,
): CalibrationSummary | null {
  const byTask = new Map<string, ConfidencePrediction[]>();
  let without = 0;
  for (const trial of valid) {
    const confidence = finalConfidence(trial);
    if (confidence === undefined) {
      without += 1;
      continue;
    }
    const predictions = byTask.get(trial.task_id) ?? [];
    predictions.push({ confidence, correct: trial.success });
    byTask.set(trial.task_id, predictions);
  }
  if (byTask.size === 0) return null;
  const { trials, ...figures } = calibrationFigures([...byTask.values()], { seed });
  return { trials, trials_without_confidence: without, ...figures };
}
