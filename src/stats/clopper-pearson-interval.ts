import { quantileOfBeta } from './stdlib-quantiles.js';
import type { ProportionInterval } from './wilson-interval.js';

/**
 * The two-sided Clopper–Pearson ("exact") interval for `successes` out of
 * `trials` independent trials: the α/2 quantile of Beta(x, n − x + 1) and
 * the 1 − α/2 quantile of Beta(x + 1, n − x). Its coverage is at least
 * `confidence` for every true rate (it inverts two binomial tails), at the
 * price of being wider than Wilson's; it is never a point (4/4 gives
 * [0.398, 1]). Bounds are NaN when trials = 0, successes is outside
 * [0, trials] or confidence is outside (0, 1).
 *
 * @example
 * clopperPearsonInterval(4, 4); // { lower: 0.3976…, upper: 1 }
 */
export function clopperPearsonInterval(
  successes: number,
  trials: number,
  confidence = 0.95,
): ProportionInterval {
  const isValid =
    Number.isFinite(trials) &&
    trials > 0 &&
    successes >= 0 &&
    successes <= trials &&
    confidence > 0 &&
    confidence < 1;
  if (!isValid) return { lower: Number.NaN, upper: Number.NaN };
  const tail = (1 - confidence) / 2;
  return {
    lower: successes === 0 ? 0 : quantileOfBeta(tail, successes, trials - successes + 1),
    upper: successes === trials ? 1 : quantileOfBeta(1 - tail, successes + 1, trials - successes),
  };
}
