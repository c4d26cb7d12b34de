import { quantileOfBeta } from './stdlib-quantiles.js';
import { checkAmount, checkLevel } from './check-estimator-input.js';

/**
 * The one-sided Clopper–Pearson upper bound on a rate: the p with
 * P(X ≤ events | trials, p) = 1 − confidence for X binomial, which is the
 * `confidence`-quantile of Beta(events + 1, trials − events). It is exact
 * (coverage ≥ confidence for every true rate, by construction of the
 * binomial tail) and increases with `events` for fixed `trials`. With no
 * events it is 1 − (1 − confidence)^(1/trials), which the rule of three
 * (3/n) approximates from above.
 *
 * `events` and `trials` may be non-integers: the Beta quantile is
 * continuous in both, which is how an effective sample size from a design
 * effect is used (see {@link clusteredUpperBound}). `events ≥ trials`
 * gives 1. NaN when trials = 0 (nothing was observed). Throws RangeError
 * when events or trials is negative or not finite, or confidence is
 * outside (0, 1), e.g. `clopperPearsonUpperBound: events is -1; it must
 * be a finite number, 0 or more`.
 *
 * @example
 * clopperPearsonUpperBound(0, 30); // 0.0950… (the rule of three says 0.1)
 * clopperPearsonUpperBound(1, 20); // 0.2161…
 */
export function clopperPearsonUpperBound(
  events: number,
  trials: number,
  confidence = 0.95,
): number {
  const fn = 'clopperPearsonUpperBound';
  checkAmount({ fn, path: 'events' }, events);
  checkAmount({ fn, path: 'trials' }, trials);
  checkLevel({ fn, path: 'confidence' }, confidence);
  if (trials === 0) return Number.NaN;
  if (events >= trials) return 1;
  return quantileOfBeta(confidence, events + 1, trials - events);
}
