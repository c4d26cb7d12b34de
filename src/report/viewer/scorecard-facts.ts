import type { SampleSummary, Scorecard } from '../scorecard.js';
import type { Child } from './dom.js';
import { h } from './dom.js';
import { none, term } from './figure-term.js';
import { integer, ms, number, usd, usdOrUnknown } from './format.js';
import { facts } from './overview.js';
import { otherFields } from './render-value.js';

const sample = (summary: SampleSummary, unit: (value: number) => string = number): string =>
  summary.count === 0
    ? '— (no trials)'
    : `p50 ${unit(summary.p50)} · p95 ${unit(summary.p95)} (n=${summary.count})`;

const COUNT_FIELDS = [
  'tasks',
  'trials_per_task',
  'planned_trials',
  'valid_trials',
  'incompatible_trials',
  'invalid_attempts',
  'missing_trials',
  'successes',
  'refused_connections',
  'agent_connections',
  'refused_egress',
];

/** Planned, valid, invalid and missing trials; connections only when a trial made any. */
export function trialFacts({ counts: n }: Scorecard): Child[] {
  const connections = n.refused_connections + n.agent_connections + n.refused_egress > 0;
  return [
    h('h3', {}, 'Trials'),
    facts([
      [
        term('counts.planned_trials'),
        `${n.tasks} × ${n.trials_per_task} = ${n.planned_trials} planned`,
      ],
      [term('counts.valid_trials'), integer(n.valid_trials)],
      [term('counts.incompatible_trials'), integer(n.incompatible_trials)],
      [term('counts.invalid_attempts'), integer(n.invalid_attempts)],
      [term('counts.missing_trials'), integer(n.missing_trials)],
      [term('counts.successes'), integer(n.successes)],
      connections ? [term('counts.refused_connections'), integer(n.refused_connections)] : null,
      connections ? [term('counts.agent_connections'), integer(n.agent_connections)] : null,
      connections ? [term('counts.refused_egress'), integer(n.refused_egress)] : null,
    ]),
    otherFields(n, COUNT_FIELDS, 'counts'),
  ];
}

export function stepFacts(card: Scorecard): Child[] {
  return [
    h('h3', {}, 'Steps and latency'),
    facts([
      [term('steps.successes'), sample(card.steps.successes)],
      [term('steps.failures'), sample(card.steps.failures)],
      [term('latency_ms'), sample(card.latency_ms, ms)],
    ]),
  ];
}

/** An interval bound in USD: ∞ when nothing bounds it. */
const usdBound = (value: number | null): string =>
  value === null || value === Number.POSITIVE_INFINITY ? '∞' : usd(value);

const COST_FIELDS = [
  'total_usd',
  'priced_usd',
  'unpriced_trials',
  'per_trial_usd',
  'per_success_usd',
  'per_success_ci95',
  'mean_success_usd',
  'user_simulator_usd',
  'graders_usd',
];

/** The system's spend (unknown, never $0, when a trial went unpriced), then the harness's own apart. */
export function costFacts(card: Scorecard): Child[] {
  const { cost } = card;
  const unpriced = cost.unpriced_trials;
  const figure = (value: number | null, meaning: string): Child =>
    value === null && unpriced === 0 ? none(meaning) : usdOrUnknown(value, unpriced);
  const ci = cost.per_success_ci95;
  const noSuccess = 'no value: no trial succeeded';
  return [
    h('h3', {}, 'Cost'),
    facts([
      [term('cost.total_usd'), figure(cost.total_usd, 'no value recorded')],
      unpriced === 0 ? null : [term('cost.priced_usd'), usd(cost.priced_usd)],
      unpriced === 0 ? null : [term('cost.unpriced_trials'), integer(unpriced)],
      [term('cost.per_trial_usd'), figure(cost.per_trial_usd, 'no value: no attempt')],
      [
        term('cost.per_success_usd', 'Per success'),
        h(
          'span',
          {},
          figure(cost.per_success_usd, noSuccess),
          ci === null ? '' : ` (95% CI [${usdBound(ci[0])}, ${usdBound(ci[1])}])`,
        ),
      ],
      [term('cost.mean_success_usd'), figure(cost.mean_success_usd, noSuccess)],
      [term('cost.user_simulator_usd'), usdOrUnknown(cost.user_simulator_usd, 1)],
      cost.graders_usd === 0 ? null : [term('cost.graders_usd'), usdOrUnknown(cost.graders_usd, 1)],
    ]),
    otherFields(cost, COST_FIELDS, 'cost'),
  ];
}

const USAGE_FIELDS = [
  'calls',
  'input_tokens',
  'cached_input_tokens',
  'output_tokens',
  'retries',
  'wait_ms',
  'user_simulator_calls',
];

/** Model calls and tokens of the system under test, with provider trouble; nothing when no model was called. */
export function modelUsageFacts({ model_usage: usage }: Scorecard): Child[] {
  if (usage.calls === 0 && usage.user_simulator_calls === 0) return [];
  return [
    h('h3', {}, 'Model usage'),
    facts([
      [term('model_usage.calls'), integer(usage.calls)],
      [term('model_usage.input_tokens'), integer(usage.input_tokens)],
      [term('model_usage.cached_input_tokens'), integer(usage.cached_input_tokens)],
      [term('model_usage.output_tokens'), integer(usage.output_tokens)],
      [term('model_usage.retries'), integer(usage.retries)],
      [term('model_usage.wait_ms'), ms(usage.wait_ms)],
      [term('model_usage.user_simulator_calls'), integer(usage.user_simulator_calls)],
    ]),
    otherFields(usage, USAGE_FIELDS, 'model_usage'),
  ];
}
