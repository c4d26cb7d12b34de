/*
 * The names `--fail-under` takes, as plain values: the help lists them and
 * `endstate run` checks its gates before the first trial, both without
 * loading the report code. Their values come from the report's
 * SCORECARD_GATE_METRICS (the headline's and the sections'); gates.test.ts
 * fails when this list and that one differ.
 */

export interface GateMetricName {
  /** As written on the command line; `@K` metrics take a k, e.g. `pass_hat_k@4`. */
  readonly name: string;
  readonly about: string;
}

/** Every metric a gate can name: the one list the parser, the help and docs/cli.md follow. */
export const GATE_METRICS: readonly GateMetricName[] = [
  { name: 'success_rate', about: 'task-weighted success rate' },
  { name: 'success_rate_lower', about: 'lower bound of its 95% CI' },
  {
    name: 'outcome_rate',
    about:
      "the source benchmark's verdict, constraints ignored (tau-bench's: state and facts only; tau2's: its reward_basis)",
  },
  { name: 'outcome_rate_lower', about: 'lower bound of its 95% CI' },
  { name: 'valid_rate', about: 'valid trials over all attempts, reruns included' },
  { name: 'pass_hat_k@K', about: 'pass^k: all k trials of a task succeed' },
  { name: 'pass_hat_k_lower@K', about: 'lower bound of the 95% CI of pass^k' },
  { name: 'pass_at_k@K', about: 'pass@k: at least one of k trials succeeds' },
];

/** `success_rate, success_rate_lower, ...`: for help texts and hints. */
export const GATE_METRIC_NAMES = GATE_METRICS.map((metric) => metric.name).join(', ');
