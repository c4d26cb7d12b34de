import { quantileOfBeta } from './stdlib-quantiles.js';
import type { ProportionInterval } from './wilson-interval.js';
import { checkProportionInput } from './check-proportion-input.js';

/**
 * The two-sided Clopper–Pearson ("exact") interval for `successes` out of
 * `trials` independent trials: the α/2 quantile of Beta(x, n − x + 1) and
 * the 1 − α/2 quantile of Beta(x + 1, n − x). Its coverage is at least
 * `confidence` for every true rate (it inverts two binomial tails), at the
 * price of being wider than Wilson's; it is never a point (4/4 gives
 * [0.398, 1]). Bounds are NaN when trials = 0 (nothing was observed).
 * Throws RangeError when trials is negative or not finite, successes is
 * outside [0, trials] (or NaN), or confidence is outside (0, 1), naming
 * the argument, e.g. `clopperPearsonInterval: trials is -4; …`.
 *
 * @example
 * clopperPearsonInterval(4, 4); // { lower: 0.3976…, upper: 1 }
 */
export function clopperPearsonInterval(
  successes: number,
  trials: number,
  confidence = 0.95,
): ProportionInterval {
  checkProportionInput('clopperPearsonInterval', { successes, trials, confidence });
  if (trials === 0) return { lower: Number.NaN, upper: Number.NaN };
  const tail = (1 - confidence) / 2;
  return {
    lower: successes === 0 ? 0 : quantileOfBeta(tail, successes, trials - successes + 1),
    upper: successes === trials ? 1 : quantileOfBeta(1 - tail, successes + 1, trials - successes),
  };
}
