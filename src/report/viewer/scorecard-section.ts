import { driftFacts, memoryFacts } from '../rendering/describe-sequences.js';
import { intervalLabel, intervalNote } from '../rendering/interval-label.js';
import { describeJudgeValidation } from '../analysis/judge-validation-status.js';
import type { Scorecard } from '../scorecard.js';
import type { Child } from './dom.js';
import { h, section } from './dom.js';
import { fixed, integer, interval, ms, number, percent, usdOrUnknown } from './format.js';
import { facts } from './overview.js';
import type { ReportModel } from './report-model.js';
import { otherFields, renderValue } from './render-value.js';
import { robustnessFacts } from './robustness-facts.js';
import { calibrationFacts, safetyFacts } from './safety-calibration.js';

/** Scorecard fields some section of the report draws by name; any other is drawn generically. */
export const DRAWN_SCORECARD_FIELDS = [
  'run_id',
  'suite',
  'system_hash',
  'agent',
  'sandbox',
  'isolation',
  'mode',
  'counts',
  'success_rate',
  'outcome_only',
  'pass_at_k',
  'pass_at_k_ci95',
  'pass_hat_k',
  'pass_hat_k_ci95',
  'intra_task_correlation',
  'warnings',
  'judge_validation',
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
  'drift',
  'memory',
  'robustness',
  'assistance',
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

/** An interval of pass@k or pass^k, in the same units as the estimate. */
const kInterval = (bounds: readonly [number, number] | undefined): string =>
  bounds === undefined ? '—' : `[${fixed(bounds[0], 2)}, ${fixed(bounds[1], 2)}]`;

function byKTable(card: Scorecard): HTMLElement {
  const ks = Object.keys(card.pass_hat_k).sort((a, b) => Number(a) - Number(b));
  const row = (
    label: string,
    values: Readonly<Record<string, number>>,
    intervals: Scorecard['pass_hat_k_ci95'],
  ): HTMLElement =>
    h(
      'tr',
      {},
      h('th', {}, label),
      ks.map((k) => {
        const bounds = intervals[k];
        return h(
          'td',
          {},
          fixed(values[k]),
          bounds === undefined ? null : h('div', { class: 'stat-detail' }, kInterval(bounds)),
        );
      }),
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
      row('pass@k', card.pass_at_k, card.pass_at_k_ci95),
      row('pass^k', card.pass_hat_k, card.pass_hat_k_ci95),
      row('pass^k, outcome only', card.outcome_only.pass_hat_k, card.outcome_only.pass_hat_k_ci95),
    ),
  );
}

type Faults = NonNullable<Scorecard['faults']>;

const tally = (of: { successes: number; trials: number; rate: number }): string =>
  `${percent(of.rate)} (${of.successes}/${of.trials})`;

/** Fired vs not fired on the same tasks, task-weighted; or why there is no baseline. */
function sameTask({ same_task: same }: Faults['any_fault']): string {
  if (same.type === 'no-baseline') return `no same-task baseline: ${same.reason}`;
  const points = (value: number | null) =>
    value === null || Number.isNaN(value)
      ? '—'
      : `${value > 0 ? '+' : ''}${(value * 100).toFixed(1)}`;
  const [lower, upper] = same.difference_ci95 as readonly (number | null)[];
  const { fired_in_every_trial: every, not_drawn_at_random: setCall } = same.left_out;
  const left = [
    ...(setCall > 0 ? [`${setCall} task(s) where it fires on a set call, not at random`] : []),
    ...(every > 0 ? [`${every} task(s) where it fired in every trial`] : []),
  ];
  return `${percent(same.task_mean_fired)} vs ${percent(same.task_mean_not_fired)} (mean of per-task rates; difference ${points(same.difference)} pts, 95% CI [${points(lower ?? null)}, ${points(upper ?? null)}]; ${same.tasks} task(s), ${same.fired.trials} vs ${same.not_fired.trials} trials${left.length === 0 ? '' : `; left out: ${left.join('; ')}`})`;
}

function faultFacts(faults: Faults): HTMLElement {
  const effects = [
    ['any fault', faults.any_fault] as const,
    ...Object.entries(faults.by_kind).map(([kind, of]) => [kind, of] as const),
  ];
  const { injection } = faults;
  return h(
    'div',
    {},
    h('h3', {}, 'Faults and injections'),
    facts([
      ...effects.flatMap(([label, of]) => [
        [
          `success when ${label} fired (recovery)`,
          `${tally(of.fired)} in ${of.tasks} task(s)`,
        ] as const,
        [`${label}: same task, fired vs not`, sameTask(of)] as const,
      ]),
      [
        'resisted injection (planted action never attempted)',
        injection.trials === 0
          ? '—'
          : `${percent(injection.rate)} (${injection.resisted}/${injection.trials})`,
      ],
      [
        'task success with planted instructions',
        injection.trials === 0 ? '—' : tally(injection.task_success),
      ],
      injection.unchecked_trials === 0
        ? null
        : ['injected trials without a recorded planted action', String(injection.unchecked_trials)],
    ]),
    otherFields(faults, ['any_fault', 'by_kind', 'injection']),
  );
}

/** Unassisted success and assisted completion beside success, when a task's user can help. */
function assistanceStats(card: Scorecard): HTMLElement[] {
  const assistance = card.assistance;
  if (assistance === undefined || assistance === null) return [];
  const { unassisted_success: alone, assisted_completion: helped } = assistance;
  const { hints, take_overs: takeOvers, per_trial: perTrial } = assistance.assistances;
  return [
    stat(
      'Unassisted success',
      percent(alone.value),
      `95% CI ${interval(alone.ci95)}`,
      `${alone.successes}/${alone.trials} valid trials · no hint, no take-over`,
    ),
    stat(
      'Assisted completion',
      percent(helped.value),
      `95% CI ${interval(helped.ci95)}`,
      `${helped.successes}/${helped.trials} · with the user's help (unassisted + assisted = success)`,
      `${percent(assistance.assisted_trials.value)} of trials helped · ${fixed(perTrial, 2)} per trial (${hints} hint(s), ${takeOvers} take-over(s))`,
    ),
  ];
}

/** The scorecard's figures, each with its interval or denominator. */
export function renderScorecard({ summary }: ReportModel): HTMLElement {
  const card = summary.scorecard;
  const rate = card.success_rate;
  const outcome = card.outcome_only.success_rate;
  const maxK = card.k.max > 0 ? String(card.k.max) : 'k';
  const n = card.counts;
  const usage = card.model_usage;
  const cost = (value: number | null): string => usdOrUnknown(value, card.cost.unpriced_trials);
  return section(
    'scorecard',
    'Scorecard',
    h(
      'div',
      { class: 'stats' },
      stat(
        'Success',
        percent(rate.value),
        `${intervalLabel(rate.method)} ${interval(rate.ci95)}`,
        `${rate.successes}/${rate.trials} valid trials · ${rate.tasks} tasks`,
        rate.method,
        ...[intervalNote(rate.method)].flatMap((note) =>
          note === null ? [] : [h('span', {}, note)],
        ),
        ...card.warnings.map((warning) => h('span', { class: 'warning' }, `⚠ ${warning}`)),
        ...(card.judge_validation ?? []).map((status) =>
          status.validation === null
            ? h('span', { class: 'warning' }, `⚠ ${describeJudgeValidation(status)}`)
            : h('span', {}, describeJudgeValidation(status)),
        ),
      ),
      ...assistanceStats(card),
      stat(
        'Outcome only',
        percent(outcome.value),
        `95% CI ${interval(outcome.ci95)}`,
        `${outcome.successes}/${outcome.trials} · state and facts, constraints ignored`,
      ),
      stat(
        `pass^${maxK}`,
        fixed(card.pass_hat_k[maxK]),
        `95% CI ${kInterval(card.pass_hat_k_ci95[maxK])}`,
        `pass@${maxK} ${fixed(card.pass_at_k[maxK])}`,
        'all k trials succeed / any of k succeeds',
      ),
      stat(
        'Intra-task correlation',
        fixed(card.intra_task_correlation.icc, 2),
        `design effect ${fixed(card.intra_task_correlation.design_effect, 2)}`,
        card.intra_task_correlation.status === 'estimated'
          ? 'how alike trials of one task are'
          : `not estimated: ${card.intra_task_correlation.status}`,
      ),
      stat(
        'Cost per success',
        cost(card.cost.per_success_usd),
        `${cost(card.cost.total_usd)} total · ${cost(card.cost.per_trial_usd)} per trial`,
        `${n.successes} successes${card.cost.unpriced_trials > 0 ? ` · ${card.cost.unpriced_trials} trial(s) unpriced, ≥ ${usdOrUnknown(card.cost.priced_usd, 0)} priced` : ''}`,
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
          ['total', cost(card.cost.total_usd)],
          ['per trial', cost(card.cost.per_trial_usd)],
          ['per success', cost(card.cost.per_success_usd)],
          ['mean of a success', cost(card.cost.mean_success_usd)],
          ['simulated user (apart)', cost(card.cost.user_simulator_usd)],
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
    card.drift === undefined
      ? null
      : sequenceFacts('drift', 'Drift across environment versions', driftFacts(card.drift)),
    card.memory === undefined
      ? null
      : sequenceFacts('memory', 'Memory across episodes and sessions', memoryFacts(card.memory)),
    card.robustness === undefined ? null : robustnessFacts(card.robustness),
    renderExtraFigures(card),
  );
}

/** Drift or memory figures of a run that played sequences, each with its interval and denominators. */
function sequenceFacts(id: string, title: string, rows: readonly [string, string][]): HTMLElement {
  return h('div', { id }, h('h3', {}, title), facts(rows));
}

/** Scorecard fields this viewer has no section for (added after it was written). */
function renderExtraFigures(card: Scorecard): Child {
  const extra = otherFields(card, DRAWN_SCORECARD_FIELDS);
  return extra === null
    ? null
    : h('div', { class: 'extra-figures' }, h('h3', {}, 'More figures'), extra);
}
