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
/** A task's bin sums: [count, Σ confidence, Σ correct] per bin. */
const SUMS_WIDTH = 3 * BINS;

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
  // Every distinct row of bin sums once, over the entries some task fills (an entry no task
  // fills stays 0): tasks whose rows are equal are interchangeable. A resample counts how
  // often it drew each distinct row, then sums count × row: the same terms as adding the
  // drawn rows one by one, in another order (counts and sums of 0/1 outcomes are whole
  // numbers, exact in any order; sums of confidences equal up to rounding).
  const count = nonEmpty.length;
  const full = nonEmpty.map(binSums);
  const columns = Int32Array.from(
    Array.from({ length: SUMS_WIDTH }, (_, entry) => entry).filter((entry) =>
      full.some((sums) => sums[entry] !== 0),
    ),
  );
  const width = columns.length;
  const rowIndex = new Map<string, number>();
  const rowOf = new Int32Array(count);
  const distinct: Float64Array[] = [];
  full.forEach((sums, task) => {
    const row = Float64Array.from(columns, (entry) => sums[entry]!);
    const key = row.join(':');
    let index = rowIndex.get(key);
    if (index === undefined) {
      index = distinct.length;
      rowIndex.set(key, index);
      distinct.push(row);
    }
    rowOf[task] = index;
  });
  const table = new Float64Array(distinct.length * width);
  distinct.forEach((row, index) => table.set(row, index * width));
  const replicates = new Float64Array(resamples);
  const rng = createRng(options.seed);
  const drawn = new Float64Array(width);
  const times = new Float64Array(distinct.length);
  const scattered = new Float64Array(SUMS_WIDTH);
  for (let resample = 0; resample < resamples; resample += 1) {
    times.fill(0);
    for (let draw = 0; draw < count; draw += 1) {
      const row = rowOf[Math.floor(rng.next() * count)]!;
      times[row] = times[row]! + 1;
    }
    drawn.fill(0);
    for (let row = 0; row < distinct.length; row += 1) {
      const by = times[row]!;
      if (by === 0) continue;
      const at = row * width;
      for (let column = 0; column < width; column += 1)
        drawn[column] = drawn[column]! + table[at + column]! * by;
    }
    for (let column = 0; column < width; column += 1) scattered[columns[column]!] = drawn[column]!;
    replicates[resample] = eceOfSums(scattered);
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
  const sums = new Float64Array(SUMS_WIDTH);
  expectedCalibrationError(predictions, BINS).bins.forEach((bin, index) => {
    if (bin.count === 0) return;
    sums[3 * index] = bin.count;
    sums[3 * index + 1] = bin.count * bin.mean_confidence;
    sums[3 * index + 2] = bin.count * bin.accuracy;
  });
  return sums;
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
