import { checkLevel, rejectInput } from './check-estimator-input.js';
import { mean } from './mean.js';
import { studentTUpperTail } from './student-t-cdf.js';
import { studentTQuantile } from './student-t-quantile.js';

export interface PairedTTestOptions {
  /** Two-sided confidence level of the interval, in (0, 1); default 0.95. */
  readonly confidence?: number;
}

/** A paired t-test of paired differences, with the t interval of their mean. */
export interface PairedTTest {
  /** Number of differences (pairs). */
  readonly count: number;
  readonly mean: number;
  /** Sample standard deviation of the differences (n − 1 in the denominator). */
  readonly standardDeviation: number;
  /** standardDeviation / √count. */
  readonly standardError: number;
  /** mean / standardError. */
  readonly t: number;
  /** count − 1. */
  readonly degreesOfFreedom: number;
  /** Two-sided p-value of "the mean difference is 0": 2·P(T > |t|). */
  readonly p: number;
  /** mean ∓ t_{1−α/2, n−1}·standardError. */
  readonly lower: number;
  readonly upper: number;
  readonly confidence: number;
}

/**
 * The paired t-test of `differences` (one per pair, e.g. one per task: run
 * B's success rate minus run A's) and the t interval of their mean. Pairing
 * removes what the two sides share, such as how hard each task is, so the
 * test looks only at how the differences spread.
 *
 * Matches SciPy's `ttest_rel(b, a)` and its `confidence_interval()` except
 * when every difference is the same (standard deviation 0), where SciPy
 * gives NaN: here t is ±Infinity with p = 0 when that common difference is
 * not 0, and t = 0 with p = 1 when every difference is 0 (nothing differs,
 * so nothing is evidence of a difference); the interval collapses to the
 * mean. Fewer than two differences give NaN everywhere but count and mean.
 * Throws RangeError for a difference that is not a finite number or a
 * confidence outside (0, 1), naming it (e.g. `pairedTTest: differences[2] is NaN; …`).
 *
 * Hand-worked example: differences [0.5, 0, 0.25, 0.25] have mean 0.25,
 * squared deviations 1/16 + 1/16 + 0 + 0 = 1/8, variance (1/8)/3 = 1/24,
 * standard deviation 0.2041, standard error 0.2041/2 = 0.1021, t = 2.449
 * (= √6) on 3 degrees of freedom. With ν = 3, P(T > t) = 1/2 − (θ + sinθ
 * cosθ)/π for θ = atan(t/√3) = atan(√2): sinθ cosθ = √2/3, so
 * p = 1 − 2(atan(√2) + √2/3)/π = 0.0917; t_{0.975, 3} = 3.182 gives the
 * interval 0.25 ∓ 0.325 = [−0.075, 0.575].
 *
 * @example
 * pairedTTest([0.5, 0, 0.25, 0.25]);
 * // { count: 4, mean: 0.25, t: 2.449…, degreesOfFreedom: 3, p: 0.0917…, lower: -0.0748…, upper: 0.5748…, … }
 */
export function pairedTTest(
  differences: readonly number[],
  options: PairedTTestOptions = {},
): PairedTTest {
  const confidence = options.confidence ?? 0.95;
  checkLevel({ fn: 'pairedTTest', path: 'options.confidence' }, confidence);
  differences.forEach((difference, index) => {
    if (!Number.isFinite(difference))
      rejectInput(
        { fn: 'pairedTTest', path: `differences[${index}]` },
        difference,
        'a difference must be a finite number',
      );
  });
  const count = differences.length;
  const average = mean(differences);
  const degreesOfFreedom = count - 1;
  if (count < 2) {
    const nan = Number.NaN;
    return {
      count,
      mean: average,
      standardDeviation: nan,
      standardError: nan,
      t: nan,
      degreesOfFreedom: count < 2 ? nan : degreesOfFreedom,
      p: nan,
      lower: nan,
      upper: nan,
      confidence,
    };
  }
  let squares = 0;
  for (const difference of differences) squares += (difference - average) ** 2;
  const standardDeviation = Math.sqrt(squares / degreesOfFreedom);
  const standardError = standardDeviation / Math.sqrt(count);
  const t = standardError === 0 ? degenerateT(average) : average / standardError;
  const p = Math.min(1, 2 * studentTUpperTail(Math.abs(t), degreesOfFreedom));
  const halfWidth =
    standardError === 0
      ? 0
      : studentTQuantile(0.5 + confidence / 2, degreesOfFreedom) * standardError;
  return {
    count,
    mean: average,
    standardDeviation,
    standardError,
    t,
    degreesOfFreedom,
    p,
    lower: average - halfWidth,
    upper: average + halfWidth,
    confidence,
  };
}

/** t when every difference equals the mean: no spread at all. */
function degenerateT(average: number): number {
  if (average === 0) return 0;
  return average > 0 ? Infinity : -Infinity;
}
