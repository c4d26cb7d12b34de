import { driftFacts, memoryFacts } from '../rendering/describe-sequences.js';
import { intervalLabel, intervalNote } from '../rendering/interval-label.js';
import { describeSourceVerdict } from '../rendering/describe-source-verdict.js';
import { describeJudgeValidation } from '../analysis/judge-validation-status.js';
import type { Scorecard } from '../scorecard.js';
import type { Child } from './dom.js';
import { h, section } from './dom.js';
import { constraintFacts, partialFacts, planFacts } from './behaviour-facts.js';
import { diagnosticsFacts } from './diagnostics-facts.js';
import { faultFacts } from './fault-facts.js';
import type { Term } from './figure-term.js';
import { term, termElement } from './figure-term.js';
import { fixed, interval, percent, usdOrUnknown } from './format.js';
import { facts } from './overview.js';
import type { ReportModel } from './report-model.js';
import { renderValue } from './render-value.js';
import { robustnessFacts } from './robustness-facts.js';
import { calibrationFacts, safetyFacts } from './safety-calibration.js';
import { costFacts, modelUsageFacts, stepFacts, trialFacts } from './scorecard-facts.js';

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
  'failure_labels',
  'invalid_reasons',
  'agent_errors',
  'agent_error_kinds',
  'incompatibility_example',
  'pricing',
  'constraints_pass',
  'plans',
  'partial',
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

function stat(label: Term, value: string, ...details: Child[]): HTMLElement {
  return h(
    'div',
    { class: 'stat' },
    termElement('div', label, 'stat-label'),
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
    label: Term,
    values: Readonly<Record<string, number>>,
    intervals: Scorecard['pass_hat_k_ci95'],
  ): HTMLElement =>
    h(
      'tr',
      {},
      termElement('th', label),
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
        termElement('th', {
          label: 'k',
          definition: 'The number of trials of a task the figure looks at.',
        }),
        ks.map((k) =>
          termElement('th', {
            label: k,
            definition: `Over ${k === '1' ? 'one trial' : `${k} trials`} of each task.`,
          }),
        ),
      ),
    ),
    h(
      'tbody',
      {},
      row(term('pass_at_k'), card.pass_at_k, card.pass_at_k_ci95),
      row(term('pass_hat_k'), card.pass_hat_k, card.pass_hat_k_ci95),
      row(
        term('outcome_only.pass_hat_k'),
        card.outcome_only.pass_hat_k,
        card.outcome_only.pass_hat_k_ci95,
      ),
    ),
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
      term('assistance.unassisted_success'),
      percent(alone.value),
      `95% CI ${interval(alone.ci95)}`,
      `${alone.successes}/${alone.trials} valid trials · no hint, no take-over`,
    ),
    stat(
      term('assistance.assisted_completion'),
      percent(helped.value),
      `95% CI ${interval(helped.ci95)}`,
      `${helped.successes}/${helped.trials} · with the user's help (unassisted + assisted = success)`,
      `${percent(assistance.assisted_trials.value)} of trials helped · ${fixed(perTrial, 2)} per trial (${hints} hint(s), ${takeOvers} take-over(s))`,
    ),
  ];
}

/** The scorecard's figures, each with its interval or denominator. */
export function renderScorecard(model: ReportModel): HTMLElement {
  const card = model.summary.scorecard;
  const rate = card.success_rate;
  const outcome = card.outcome_only.success_rate;
  const maxK = card.k.max > 0 ? String(card.k.max) : 'k';
  const n = card.counts;
  const cost = (value: number | null): string => usdOrUnknown(value, card.cost.unpriced_trials);
  return section(
    'scorecard',
    'Scorecard',
    h(
      'div',
      { class: 'stats' },
      stat(
        term('success_rate'),
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
        term('outcome_only'),
        percent(outcome.value),
        `95% CI ${interval(outcome.ci95)}`,
        `${outcome.successes}/${outcome.trials} · ${describeSourceVerdict(card.outcome_only)}`,
      ),
      stat(
        term('pass_hat_k', `pass^${maxK}`),
        fixed(card.pass_hat_k[maxK]),
        `95% CI ${kInterval(card.pass_hat_k_ci95[maxK])}`,
        `pass@${maxK} ${fixed(card.pass_at_k[maxK])}`,
        'all k trials succeed / any of k succeeds',
      ),
      stat(
        term('intra_task_correlation'),
        fixed(card.intra_task_correlation.icc, 2),
        `design effect ${fixed(card.intra_task_correlation.design_effect, 2)}`,
        card.intra_task_correlation.status === 'estimated'
          ? 'how alike trials of one task are'
          : `not estimated: ${card.intra_task_correlation.status}`,
      ),
      stat(
        term('cost.per_success_usd'),
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
      h('div', {}, trialFacts(card), stepFacts(card)),
      h('div', {}, costFacts(card), modelUsageFacts(card)),
      safetyFacts(card.safety),
      card.constraints_pass === null ? null : constraintFacts(card.constraints_pass),
      card.plans === null ? null : planFacts(card.plans),
      card.partial === null ? null : partialFacts(card.partial),
    ),
    card.faults === null ? null : faultFacts(card.faults),
    diagnosticsFacts(card, model),
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
function sequenceFacts(
  id: 'drift' | 'memory',
  title: string,
  rows: readonly [string, string][],
): HTMLElement {
  return h(
    'div',
    { id },
    h('h3', {}, title),
    facts(rows.map(([label, value]) => [term(id, label), value] as const)),
  );
}

/**
 * Scorecard fields this viewer has no section for (added after it was
 * written), labelled in words with their values formatted, never as raw JSON.
 */
function renderExtraFigures(card: Scorecard): Child {
  const rest = Object.entries(card).filter(
    ([key, value]) =>
      !(DRAWN_SCORECARD_FIELDS as readonly string[]).includes(key) &&
      value !== null &&
      value !== undefined,
  );
  if (rest.length === 0) return null;
  return h(
    'div',
    { id: 'other-figures' },
    h('h3', {}, 'Other figures'),
    renderValue(Object.fromEntries(rest), ''),
  );
}
