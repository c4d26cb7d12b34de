import { createRng } from '../core/index.js';
import { expandedZ } from './expanded-z.js';
import { checkCount, checkLevel } from './check-estimator-input.js';
import { checkPredictions, expectedCalibrationError } from './expected-calibration-error.js';
import type { ConfidencePrediction } from './expected-calibration-error.js';
import { normalCdf } from './normal-cdf.js';
import { quantileSorted } from './quantile.js';

const FN = 'eceUpperBound';

export interface EceUpperBoundOptions {
  /** Seed for the resampling; the same seed and data give the same bound. */
  readonly seed: number;
  /** Bootstrap resamples of the task list; default 2000. */
  readonly resamples?: number;
  /** One-sided confidence level in (0, 1); default 0.95. */
  readonly confidence?: number;
}

/**
 * How the bound was obtained: the expanded percentile task bootstrap; or
 * none (NaN) for a single task (no spread between tasks to resample), no
 * predictions. A confidence outside [0, 1], a confidence level outside
 * (0, 1) or resamples below 1 throw a RangeError naming the field.
 */
export type EceUpperBoundMethod =
  'cluster-bootstrap-expanded-percentile-one-sided' | 'single-task' | 'no-predictions';

export interface EceUpperBound {
  /** The ECE of all predictions pooled (10 equal-width bins). */
  readonly value: number;
  /** ECE is at most this, at the requested one-sided level; NaN unless the method is the bootstrap. */
  readonly upper: number;
  readonly method: EceUpperBoundMethod;
  readonly tasks: number;
  readonly predictions: number;
}

const DEFAULT_RESAMPLES = 2000;
const BINS = 10;

/**
 * A one-sided upper confidence bound on the expected calibration error
 * (10 equal-width bins, {@link expectedCalibrationError}) when predictions
 * are clustered within tasks: a bootstrap that resamples whole tasks,
 * recomputes the pooled ECE, and reads the upper percentile at the level
 * Φ(√(m/(m−1))·t_{m−1}(confidence)) for m tasks (Hesterberg's expansion,
 * as for the success rate).
 *
 * Why only an upper bound: the plug-in ECE is biased upward (each bin's
 * |accuracy − confidence| adds sampling noise, and with a confidence per
 * task a bin holds few tasks), so a well-calibrated agent's true ECE of 0
 * lies below almost every sample's ECE and below its bootstrap copies. A
 * two-sided percentile interval then never covers it (0% in simulation),
 * and the bias-corrected basic interval covers 30–64%. The upper bound
 * errs on the safe side for the same reason: simulated coverage 100% for
 * well-calibrated agents and 94.8–98.3% for overconfident ones (10–100
 * tasks; docs/statistics.md). Read it as "miscalibration is at most this".
 *
 * Deterministic: randomness comes only from `options.seed`.
 *
 * @example
 * eceUpperBound(
 *   [[{ confidence: 0.9, correct: true }], [{ confidence: 0.9, correct: false }]],
 *   { seed: 1 },
 * ).value; // 0.4
 */
export function eceUpperBound(
  tasks: readonly (readonly ConfidencePrediction[])[],
  options: EceUpperBoundOptions,
): EceUpperBound {
  const resamples = options.resamples ?? DEFAULT_RESAMPLES;
  const confidence = options.confidence ?? 0.95;
  tasks.forEach((predictions, task) => checkPredictions(FN, predictions, `tasks[${task}]`));
  checkCount({ fn: FN, path: 'options.resamples' }, resamples, 1);
  checkLevel({ fn: FN, path: 'options.confidence' }, confidence);
  const nonEmpty = tasks.filter((predictions) => predictions.length > 0);
  const predictions = nonEmpty.reduce((sum, of) => sum + of.length, 0);
  const summary = { tasks: nonEmpty.length, predictions };
  const value = expectedCalibrationError(nonEmpty.flat(), BINS).ece;
  const nan = Number.NaN;
  if (predictions === 0) return { value, upper: nan, method: 'no-predictions', ...summary };
  if (nonEmpty.length === 1) return { value, upper: nan, method: 'single-task', ...summary };
  // A task's sums as its non-zero entries: adding a zero leaves a sum as it was, bit for bit.
  const sums = nonEmpty.map((of) => sparseEntries(binSums(of)));
  const replicates = new Float64Array(resamples);
  const rng = createRng(options.seed);
  const count = sums.length;
  const drawn = new Float64Array(3 * BINS);
  for (let resample = 0; resample < resamples; resample += 1) {
    drawn.fill(0);
    for (let draw = 0; draw < count; draw += 1) {
      const task = sums[Math.floor(rng.next() * count)];
      if (task !== undefined)
        for (let entry = 0; entry < task.indexes.length; entry += 1) {
          const index = task.indexes[entry]!;
          drawn[index] = drawn[index]! + task.values[entry]!;
        }
    }
    replicates[resample] = eceOfSums(drawn);
  }
  replicates.sort();
  // expandedZ(2c − 1) is the lower z of a two-sided (2c − 1) interval: −z is the one-sided c level.
  const level = normalCdf(-expandedZ(2 * confidence - 1, count));
  return {
    value,
    upper: quantileSorted(replicates, level),
    method: 'cluster-bootstrap-expanded-percentile-one-sided',
    ...summary,
  };
}

/** Per bin: [count, Σ confidence, Σ correct], flattened, with the binning of the ECE itself. */
function binSums(predictions: readonly ConfidencePrediction[]): Float64Array {
  const sums = new Float64Array(3 * BINS);
  expectedCalibrationError(predictions, BINS).bins.forEach((bin, index) => {
    if (bin.count === 0) return;
    sums[3 * index] = bin.count;
    sums[3 * index + 1] = bin.count * bin.mean_confidence;
    sums[3 * index + 2] = bin.count * bin.accuracy;
  });
  return sums;
}

/** The non-zero entries of a task's bin sums, by index. */
function sparseEntries(sums: Float64Array): { indexes: Uint8Array; values: Float64Array } {
  const indexes: number[] = [];
  for (let index = 0; index < sums.length; index += 1) if (sums[index] !== 0) indexes.push(index);
  return {
    indexes: Uint8Array.from(indexes),
    values: Float64Array.from(indexes, (index) => sums[index]!),
  };
}

/** Σ_b |Σ correct − Σ confidence| / N: the ECE from summed bins. */
function eceOfSums(sums: Float64Array): number {
  let total = 0;
  let gap = 0;
  for (let bin = 0; bin < BINS; bin += 1) {
    total += sums[3 * bin] ?? 0;
    gap += Math.abs((sums[3 * bin + 2] ?? 0) - (sums[3 * bin + 1] ?? 0));
  }
  return gap / total;
}
