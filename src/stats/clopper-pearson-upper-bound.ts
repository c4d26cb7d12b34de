import { quantileOfBeta } from './stdlib-quantiles.js';

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
 * gives 1. NaN when trials ≤ 0, events < 0 or confidence is outside (0, 1).
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
  const isValid =
    Number.isFinite(events) &&
    Number.isFinite(trials) &&
    trials > 0 &&
    events >= 0 &&
    confidence > 0 &&
    confidence < 1;
  if (!isValid) return Number.NaN;
  if (events >= trials) return 1;
  return quantileOfBeta(confidence, events + 1, trials - events);
}
