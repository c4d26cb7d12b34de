import { normalQuantile } from './normal-quantile.js';

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
 * Bounds are NaN when trials = 0 (nothing was observed), when successes is
 * outside [0, trials], or when confidence is outside (0, 1).
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
  const isValid =
    trials > 0 &&
    Number.isFinite(trials) &&
    successes >= 0 &&
    successes <= trials &&
    confidence > 0 &&
    confidence < 1;
  if (!isValid) return { lower: Number.NaN, upper: Number.NaN };
  const z = normalQuantile(0.5 + confidence / 2);
  const zSquared = z * z;
  // Wilson (1927) arranged as in SciPy's binomtest: centre and half-width over 2(n + z²).
  const denominator = 2 * (trials + zSquared);
  const centre = (2 * successes + zSquared) / denominator;
  const halfWidth =
    (z * Math.sqrt(zSquared + (4 * successes * (trials - successes)) / trials)) / denominator;
  return {
    lower: successes === 0 ? 0 : Math.max(0, centre - halfWidth),
    upper: successes === trials ? 1 : Math.min(1, centre + halfWidth),
  };
}
