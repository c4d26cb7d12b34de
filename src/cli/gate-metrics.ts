import type { Scorecard } from '../report/index.js';

/*
 * Apart from gates.ts, which parses and evaluates gates: the help of
 * `--fail-under` lists these names, and help loads no report code.
 */

export interface GateMetric {
  /** As written on the command line; `@K` metrics take a k, e.g. `pass_hat_k@4`. */
  readonly name: string;
  readonly about: string;
  readonly value: (card: Scorecard, k: string) => number | undefined;
}

/** Every metric a gate can name: the one list the parser, the help and the README follow. */
export const GATE_METRICS: readonly GateMetric[] = [
  {
    name: 'success_rate',
    about: 'task-weighted success rate',
    value: (card) => card.success_rate.value,
  },
  {
    name: 'success_rate_lower',
    about: 'lower bound of its 95% CI',
    value: (card) => card.success_rate.ci95[0],
  },
  {
    name: 'outcome_rate',
    about: "state and facts only, constraints ignored: tau-bench's verdict",
    value: (card) => card.outcome_only.success_rate.value,
  },
  {
    name: 'outcome_rate_lower',
    about: 'lower bound of its 95% CI',
    value: (card) => card.outcome_only.success_rate.ci95[0],
  },
  {
    name: 'valid_rate',
    about: 'valid trials over all attempts, reruns included',
    value: ({ counts }) => {
      const attempts = counts.valid_trials + counts.invalid_attempts;
      return attempts === 0 ? undefined : counts.valid_trials / attempts;
    },
  },
  {
    name: 'pass_hat_k@K',
    about: 'pass^k: all k trials of a task succeed',
    value: (card, k) => card.pass_hat_k[k],
  },
  {
    name: 'pass_hat_k_lower@K',
    about: 'lower bound of the 95% CI of pass^k',
    value: (card, k) => card.pass_hat_k_ci95[k]?.[0],
  },
  {
    name: 'pass_at_k@K',
    about: 'pass@k: at least one of k trials succeeds',
    value: (card, k) => card.pass_at_k[k],
  },
];

/** `success_rate, success_rate_lower, ...`: for help texts and hints. */
export const GATE_METRIC_NAMES = GATE_METRICS.map((metric) => metric.name).join(', ');
