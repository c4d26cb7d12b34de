import type { Scorecard } from './scorecard.js';

/** A figure of the scorecard a `--fail-under` gate can name. */
export interface GateMetric {
  /** As written on the command line; `@K` metrics take a k, e.g. `pass_hat_k@4`. */
  readonly name: string;
  readonly about: string;
  /** Its value on a scorecard; undefined when there is none (e.g. k past the trials). */
  readonly value: (card: Scorecard, k: string) => number | undefined;
}
