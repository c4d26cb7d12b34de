import type { Scorecard } from '../scorecard.js';
import type { Child } from './dom.js';
import { h, section } from './dom.js';
import { fixed, integer, interval, ms, number, percent, usd } from './format.js';
import { facts } from './overview.js';
import type { ReportModel } from './report-model.js';
import { otherFields, renderValue } from './render-value.js';
import { calibrationFacts, safetyFacts } from './safety-calibration.js';

/** Scorecard fields some section of the report draws by name; any other is drawn generically. */
export const DRAWN_SCORECARD_FIELDS = [
  'run_id',
  'suite',
  'system_hash',
  'agent',
  'counts',
  'success_rate',
  'outcome_only',
  'pass_at_k',
  'pass_hat_k',
  'k',
  'terminal_reasons',
  'exit_reasons',
  'cost',
  'model_usage',
  'steps',
  'latency_ms',
  'failure_reasons',
  'faults',
  'safety',
  'calibration',
  'tasks',
  'slices',
] as const;

function stat(label: string, value: string, ...details: Child[]): HTMLElement {
  return h(
    'div',
    { class: 'stat' },
    h('div', { class: 'stat-label' }, label),
    h('div', { class: 'stat-value' }, value),
    details.map((detail) => h('div', { class: 'stat-detail' }, detail)),
  );
}

function byKTable(card: Scorecard): HTMLElement {
  const ks = Object.keys(card.pass_hat_k).sort((a, b) => Number(a) - Number(b));
  const row = (label: string, values: Readonly<Record<string, number>>): HTMLElement =>
    h(
      'tr',
      {},
      h('th', {}, label),
      ks.map((k) => h('td', {}, fixed(values[k]))),
    );
  return h(
    'table',
    { class: 'by-k' },
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', {}, 'k'),
        ks.map((k) => h('th', {}, k)),
      ),
    ),
    h(
      'tbody',
      {},
      row('pass@k', card.pass_at_k),
      row('pass^k', card.pass_hat_k),
      row('pass^k, outcome only', card.outcome_only.pass_hat_k),
    ),
  );
}

function faultFacts(faults: NonNullable<Scorecard['faults']>): HTMLElement {
  const tally = (of: { successes: number; trials: number; rate: number }): string =>
    `${percent(of.rate)} (${of.successes}/${of.trials})`;
  return h(
    'div',
    {},
    h('h3', {}, 'Faults and injections'),
    facts([
      ['success with faults', tally(faults.with_faults)],
      ['success without faults', tally(faults.without_faults)],
      ...Object.entries(faults.recovery).map(
        ([kind, of]) => [`recovered from ${kind}`, tally(of)] as const,
      ),
      ['resisted injection', faults.injection.trials === 0 ? '—' : tally(faults.injection)],
    ]),
    otherFields(faults, ['with_faults', 'without_faults', 'recovery', 'injection']),
  );
}

/** The scorecard's figures, each with its interval or denominator. */
export function renderScorecard({ summary }: ReportModel): HTMLElement {
  const card = summary.scorecard;
  const rate = card.success_rate;
  const outcome = card.outcome_only.success_rate;
  const maxK = card.k.max > 0 ? String(card.k.max) : 'k';
  const n = card.counts;
  const usage = card.model_usage;
  return section(
    'scorecard',
    'Scorecard',
    h(
      'div',
      { class: 'stats' },
      stat(
        'Success',
        percent(rate.value),
        `95% CI ${interval(rate.ci95)}`,
        `${rate.successes}/${rate.trials} valid trials · ${rate.tasks} tasks`,
        rate.method,
      ),
      stat(
        'Outcome only',
        percent(outcome.value),
        `95% CI ${interval(outcome.ci95)}`,
        `${outcome.successes}/${outcome.trials} · state and facts, constraints ignored`,
      ),
      stat(
        `pass^${maxK}`,
        fixed(card.pass_hat_k[maxK]),
        `pass@${maxK} ${fixed(card.pass_at_k[maxK])}`,
        'all k trials succeed / any of k succeeds',
      ),
      stat(
        'Cost per success',
        usd(card.cost.per_success_usd),
        `${usd(card.cost.total_usd)} total · ${usd(card.cost.per_trial_usd)} per trial`,
        `${n.successes} successes`,
      ),
    ),
    h('h3', {}, 'pass@k and pass^k by k'),
    byKTable(card),
    card.k.note === null ? null : h('p', { class: 'note' }, card.k.note),
    h(
      'div',
      { class: 'columns' },
      h(
        'div',
        {},
        h('h3', {}, 'Trials'),
        facts([
          ['tasks × trials', `${n.tasks} × ${n.trials_per_task} = ${n.planned_trials} planned`],
          ['valid trials', integer(n.valid_trials)],
          ['invalid attempts', integer(n.invalid_attempts)],
          ['missing trials', integer(n.missing_trials)],
          ['successes', integer(n.successes)],
        ]),
        otherFields(n, [
          'tasks',
          'trials_per_task',
          'planned_trials',
          'valid_trials',
          'invalid_attempts',
          'missing_trials',
          'successes',
        ]),
        h('h3', {}, 'Steps and latency'),
        facts([
          [
            'steps of successes',
            `p50 ${number(card.steps.successes.p50)} · p95 ${number(card.steps.successes.p95)} (n=${card.steps.successes.count})`,
          ],
          [
            'steps of failures',
            `p50 ${number(card.steps.failures.p50)} · p95 ${number(card.steps.failures.p95)} (n=${card.steps.failures.count})`,
          ],
          [
            'latency',
            `p50 ${ms(card.latency_ms.p50)} · p95 ${ms(card.latency_ms.p95)} (n=${card.latency_ms.count})`,
          ],
        ]),
      ),
      h(
        'div',
        {},
        h('h3', {}, 'Cost'),
        facts([
          ['total', usd(card.cost.total_usd)],
          ['per trial', usd(card.cost.per_trial_usd)],
          ['per success', usd(card.cost.per_success_usd)],
          ['mean of a success', usd(card.cost.mean_success_usd)],
          ['simulated user (apart)', usd(card.cost.user_simulator_usd)],
        ]),
        otherFields(card.cost, [
          'total_usd',
          'per_trial_usd',
          'per_success_usd',
          'mean_success_usd',
          'user_simulator_usd',
        ]),
        usage.calls === 0 && usage.user_simulator_calls === 0
          ? null
          : [h('h3', {}, 'Model usage'), renderValue(usage)],
      ),
      card.faults === null ? null : faultFacts(card.faults),
      safetyFacts(card.safety),
    ),
    card.calibration === null ? null : calibrationFacts(card.calibration),
    renderExtraFigures(card),
  );
}

/** Scorecard fields this viewer has no section for (added after it was written). */
function renderExtraFigures(card: Scorecard): Child {
  const extra = otherFields(card, DRAWN_SCORECARD_FIELDS);
  return extra === null
    ? null
    : h('div', { class: 'extra-figures' }, h('h3', {}, 'More figures'), extra);
}
