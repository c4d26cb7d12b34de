import { normalQuantile } from './normal-quantile.js';
import { checkProportionInput } from './check-proportion-input.js';

/** A two-sided confidence interval for a proportion, both bounds in [0, 1]. */
export interface ProportionInterval {
  readonly lower: number;
  readonly upper: number;
}

/**
 * Wilson score interval for a success rate of `successes` out of `trials`
 * independent trials, at the given two-sided `confidence` (default 0.95).
 *
 * Why Wilson rather than the textbook p ± z·√(p(1−p)/n): with few trials or
 * a rate near 0 or 1 that interval collapses to zero width (4/4 gives
 * [1, 1]) and its coverage falls far below nominal; Wilson stays close to
 * nominal and never leaves [0, 1]. Trials must be independent: for trials
 * clustered within tasks use {@link successRateInterval}.
 *
 * Bounds are NaN when trials = 0 (nothing was observed). Throws RangeError
 * when trials is negative or not finite, successes is outside [0, trials]
 * (or NaN), or confidence is outside (0, 1), e.g. `wilsonInterval:
 * successes is 5; it must be a number from 0 to trials (4)`.
 *
 * @example
 * wilsonInterval(4, 4); // { lower: 0.5101…, upper: 1 }
 * wilsonInterval(0, 0); // { lower: NaN, upper: NaN }
 */
export function wilsonInterval(
  successes: number,
  trials: number,
  confidence = 0.95,
): ProportionInterval {
  checkProportionInput('wilsonInterval', { successes, trials, confidence });
  if (trials === 0) return { lower: Number.NaN, upper: Number.NaN };
  return wilsonScoreBounds(successes / trials, trials, normalQuantile(0.5 + confidence / 2));
}

/**
 * Wilson's score bounds of a rate observed over `trials` trials (not
 * necessarily a whole number: an effective sample size) with quantile q:
 * the μ with (rate − μ)² ≤ q²·μ(1 − μ)/trials. A rate of 0 or 1 keeps
 * its end exactly.
 */
export function wilsonScoreBounds(
  rate: number,
  trials: number,
  quantile: number,
): ProportionInterval {
  const q2 = quantile * quantile;
  const denominator = 1 + q2 / trials;
  const centre = (rate + q2 / (2 * trials)) / denominator;
  const halfWidth =
    (quantile / denominator) * Math.sqrt((rate * (1 - rate)) / trials + q2 / (4 * trials * trials));
  return {
    lower: rate === 0 ? 0 : Math.max(0, centre - halfWidth),
    upper: rate === 1 ? 1 : Math.min(1, centre + halfWidth),
  };
}
