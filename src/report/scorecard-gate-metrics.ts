import type { GateMetric } from './gate-metric.js';
import { SCORECARD_SECTIONS } from './sections/index.js';

/** The headline's metrics: success, outcome-only success, valid trials, pass^k and pass@k. */
const HEADLINE_GATE_METRICS: readonly GateMetric[] = [
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
    about:
      "the source benchmark's verdict, constraints ignored (tau-bench's: state and facts only; tau2's: its reward_basis)",
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

/** Every metric a `--fail-under` gate can name: the headline's, then those the sections offer. */
export const SCORECARD_GATE_METRICS: readonly GateMetric[] = [
  ...HEADLINE_GATE_METRICS,
  ...SCORECARD_SECTIONS.flatMap((section) => section.gateMetrics ?? []),
];
