import { weightedSpread } from './weighted-spread.js';
import { pairedTTest } from './paired-t-test.js';
import type { PairedTTest, PairedTTestOptions } from './paired-t-test.js';
import { studentTUpperTail } from './student-t-cdf.js';
import { studentTQuantile } from './student-t-quantile.js';
import { checkWeights } from './check-estimator-input.js';

/** A paired t-test of a weighted mean of differences; `count` is the number of pairs. */
export interface WeightedPairedTTest extends PairedTTest {
  /** Kish's effective number of pairs, 1 / Σ p_i² (shares p_i = w_i / Σ w). */
  readonly effectiveCount: number;
}

/**
 * The t-test and t interval of a weighted mean of paired differences d_i
 * (one per task) with weights w_i > 0, treating the tasks as a sample from
 * the tasks a suite stands for, each drawn with its weight. With shares
 * p_i = w_i / Σ w over m tasks:
 *
 *   d̄_w = Σ p_i·d_i
 *   V   = m/(m − 1) · Σ p_i²·(d_i − d̄_w)²   (the cluster-robust "sandwich" variance)
 *   m_eff = 1 / Σ p_i²                       (Kish's effective number of tasks)
 *   t = d̄_w / √V on ν = ⌊m_eff⌋ − 1 degrees of freedom (at least 1)
 *   interval d̄_w ∓ t_{0.975, ν}·√V
 *
 * the same variance and degrees of freedom as the weighted success-rate
 * interval (see {@link weightedSpread}). With equal weights V = s²/m and
 * ν = m − 1: {@link pairedTTest}'s figures (equal weights are detected and
 * go there, exactly). `standardError` is √V and `standardDeviation`
 * √(V·m_eff), so that standardError = standardDeviation / √m_eff. No spread
 * (V = 0) gives t = ±Infinity with p = 0, or t = 0 and p = 1 when the mean
 * is 0; fewer than two differences give NaN but for count and mean.
 * Throws RangeError when `weights` does not hold one finite weight above 0
 * per difference, e.g. `weightedPairedTTest: weights[1] is 0; a task's
 * weight must be a finite number above 0`.
 *
 * Hand-worked example: differences [0.5, 0, 0.25, 0.25] with weights
 * [3, 1, 2, 2] have shares 3/8, 1/8, 1/4, 1/4, mean 0.3125, V = 4/3 ·
 * (9/64·0.1875² + 1/64·0.3125² + 2·1/16·0.0625²) = 0.0092773, m_eff = 64/18
 * (ν = 2), t = 0.3125/0.096319 = 3.2444, p = 0.0833 and, with
 * t_{0.975, 2} = 4.3027, the interval [−0.1019, 0.7269].
 *
 * @example
 * weightedPairedTTest([0.5, 0, 0.25, 0.25], [3, 1, 2, 2]);
 * // { count: 4, mean: 0.3125, effectiveCount: 3.55…, degreesOfFreedom: 2, p: 0.0833…, … }
 */
export function weightedPairedTTest(
  differences: readonly number[],
  weights: readonly number[],
  options: PairedTTestOptions = {},
): WeightedPairedTTest {
  checkWeights({ fn: 'weightedPairedTTest', path: 'weights' }, weights, {
    length: differences.length,
    itemsPath: 'differences',
  });
  const confidence = options.confidence ?? 0.95;
  const count = differences.length;
  if (weights.every((weight) => weight === weights[0])) {
    return { ...pairedTTest(differences, options), effectiveCount: count };
  }
  const { value, varianceOfMean, effectiveTasks } = weightedSpread(differences, weights);
  const degreesOfFreedom = Math.max(1, Math.floor(effectiveTasks + 1e-9) - 1);
  if (count < 2 || !(confidence > 0 && confidence < 1)) {
    const nan = Number.NaN;
    return {
      count,
      mean: value,
      standardDeviation: nan,
      standardError: nan,
      t: nan,
      degreesOfFreedom: count < 2 ? nan : degreesOfFreedom,
      p: nan,
      lower: nan,
      upper: nan,
      confidence,
      effectiveCount: effectiveTasks,
    };
  }
  const standardError = Math.sqrt(varianceOfMean);
  const t = standardError === 0 ? degenerateT(value) : value / standardError;
  const p = Math.min(1, 2 * studentTUpperTail(Math.abs(t), degreesOfFreedom));
  const halfWidth =
    standardError === 0
      ? 0
      : studentTQuantile(0.5 + confidence / 2, degreesOfFreedom) * standardError;
  return {
    count,
    mean: value,
    standardDeviation: Math.sqrt(varianceOfMean * effectiveTasks),
    standardError,
    t,
    degreesOfFreedom,
    p,
    lower: value - halfWidth,
    upper: value + halfWidth,
    confidence,
    effectiveCount: effectiveTasks,
  };
}

/** t when every difference equals the mean: no spread at all. */
function degenerateT(average: number): number {
  if (average === 0) return 0;
  return average > 0 ? Infinity : -Infinity;
}
