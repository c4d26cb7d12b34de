import { checkAmount, checkFinite, checkLevel, rejectInput } from './check-estimator-input.js';

export interface HoeffdingIntervalInput {
  /** The estimate: a sum of independent bounded terms (e.g. a mean of trial outcomes). */
  readonly estimate: number;
  /** Σ (b_i − a_i)² over the terms, each term lying in [a_i, b_i]. */
  readonly sumSquaredRanges: number;
  /** Two-sided confidence level, in (0, 1); default 0.95. */
  readonly confidence?: number;
  /** The range the estimated quantity can take, to clamp the interval to; default unbounded. */
  readonly bounds?: readonly [number, number];
}

export interface HoeffdingInterval {
  readonly lower: number;
  readonly upper: number;
  /** √(ln(2/α)·Σ(b_i − a_i)²/2). */
  readonly halfWidth: number;
  /** Two-sided p-value of "the expectation is 0": min(1, 2·exp(−2·estimate²/Σ(b_i − a_i)²)). */
  readonly p: number;
}

/**
 * An interval for the expectation of a sum S of independent bounded terms
 * from Hoeffding's inequality, P(|S − E S| ≥ t) ≤ 2·exp(−2t²/Σ(b_i −
 * a_i)²): S ∓ √(ln(2/α)·Σ(b_i − a_i)²/2) covers E S with probability at
 * least 1 − α whatever the terms' distributions. It never collapses to a
 * point, however alike the observations happen to be, so it serves where a
 * variance estimated from the data is 0 by chance; the price is width (it
 * is conservative). The p-value inverts the same inequality at E S = 0, so
 * p < α exactly when the interval excludes 0.
 *
 * Hand-worked example: a mean difference of success rates over 3 tasks
 * with 8 trials a side is a sum of 48 trial terms, each spanning 1/(3·8),
 * so Σ(b_i − a_i)² = 48/576 = 1/12; at 95% the half-width is √(ln 40/24)
 * = 0.3921, and an estimate of −0.125 gives p = 2·exp(−2·0.015625·12) =
 * 2·e^(−0.375) = 1.37, so 1.
 *
 * @example
 * hoeffdingInterval({ estimate: -0.125, sumSquaredRanges: 1 / 12, bounds: [-1, 1] });
 * // { lower: -0.517…, upper: 0.267…, halfWidth: 0.392…, p: 1 }
 *
 * Throws RangeError when the estimate is not finite, `sumSquaredRanges` is
 * negative or not finite, the confidence is outside (0, 1) or the bounds
 * are reversed.
 */
export function hoeffdingInterval(input: HoeffdingIntervalInput): HoeffdingInterval {
  const { estimate, sumSquaredRanges } = input;
  const confidence = input.confidence ?? 0.95;
  const [low, high] = input.bounds ?? [-Infinity, Infinity];
  const fn = 'hoeffdingInterval';
  checkFinite({ fn, path: 'input.estimate' }, estimate);
  checkAmount({ fn, path: 'input.sumSquaredRanges' }, sumSquaredRanges);
  checkLevel({ fn, path: 'input.confidence' }, confidence);
  if (!(low <= high)) {
    rejectInput(
      { fn, path: 'input.bounds' },
      `[${low}, ${high}]`,
      'the lower bound must not exceed the upper',
    );
  }
  const halfWidth = Math.sqrt((Math.log(2 / (1 - confidence)) * sumSquaredRanges) / 2);
  const p =
    sumSquaredRanges > 0 ? Math.min(1, 2 * Math.exp((-2 * estimate ** 2) / sumSquaredRanges)) : NaN;
  return {
    lower: Math.max(low, estimate - halfWidth),
    upper: Math.min(high, estimate + halfWidth),
    halfWidth,
    p,
  };
}
