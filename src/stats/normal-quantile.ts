import { quantileOfNormal } from './stdlib-quantiles.js';

/**
 * The p-quantile of the standard normal distribution: the z with
 * P(Z ≤ z) = p. Interval code asks for it by confidence, e.g.
 * `normalQuantile(0.975)` ≈ 1.96 for a two-sided 95% interval.
 *
 * Wraps `@stdlib/stats-base-dists-normal-quantile` (accurate to a few ulps)
 * rather than a hand-rolled approximation. Returns −Infinity at 0, +Infinity
 * at 1 and NaN outside [0, 1].
 *
 * @example
 * normalQuantile(0.975); // 1.959963984540054
 * normalQuantile(0.5); // 0
 */
export function normalQuantile(p: number): number {
  return quantileOfNormal(p, 0, 1);
}
