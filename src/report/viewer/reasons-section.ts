import type { FigureLabel } from '../rendering/figure-labels.js';
import { FIGURE_LABELS, humanise } from '../rendering/figure-labels.js';
import type { Child } from './dom.js';
import { term } from './figure-term.js';
import { h, section } from './dom.js';
import { percent } from './format.js';
import type { ReportModel } from './report-model.js';

/** A horizontal bar for a share in [0, 1], with its text beside it. */
export function bar(share: number, label: string, tone = 'neutral'): HTMLElement {
  const width = Number.isFinite(share) ? Math.max(0, Math.min(1, share)) * 100 : 0;
  return h(
    'div',
    { class: 'bar-cell' },
    h('span', { class: `bar bar-${tone}` }, h('span', { style: `width:${width.toFixed(1)}%` })),
    h('span', { class: 'bar-label' }, label),
  );
}

/** Counts by name, largest first, each with its share of `total`. */
function countTable(
  title: string,
  counts: readonly (readonly [string, number])[],
  total: number,
  toneOf: (name: string) => string,
  labelOf: (name: string) => FigureLabel,
  note: Child = null,
): HTMLElement {
  const rows = counts.filter(([, count]) => count > 0).sort((a, b) => b[1] - a[1]);
  return h(
    'div',
    {},
    h('h3', {}, title),
    note,
    rows.length === 0
      ? h('p', { class: 'muted' }, 'none')
      : h(
          'table',
          { class: 'counts' },
          h(
            'tbody',
            {},
            rows.map(([name, count]) =>
              h(
                'tr',
                {},
                h('th', { title: `${name}: ${labelOf(name).definition}` }, labelOf(name).label),
                h(
                  'td',
                  {},
                  bar(
                    total === 0 ? 0 : count / total,
                    `${count} of ${total} (${percent(count / total)})`,
                    toneOf(name),
                  ),
                ),
              ),
            ),
          ),
        ),
  );
}

/** A terminal or exit reason in words, with its definition. */
function reasonLabel(group: 'terminal_reasons' | 'exit_reasons', code: string): FigureLabel {
  return term(
    `${group}.${code}`,
    FIGURE_LABELS[`${group}.${code}`]?.label ?? humanise(code).toLowerCase(),
  );
}

/** `exit:loop_detected` → `exit: loop detected`; `outcome:insert` → `outcome: insert`, with what it means. */
function failureReasonLabel(code: string): FigureLabel {
  const [source = code, kind = ''] = code.split(':');
  if (source === 'exit') {
    const exit = reasonLabel('exit_reasons', kind);
    return { label: `exit: ${exit.label}`, definition: `The trial ended so: ${exit.definition}` };
  }
  return {
    label: `${humanise(source).toLowerCase()}: ${humanise(kind).toLowerCase()}`,
    definition: `A check of kind ${kind} of the ${source} grader failed.`,
  };
}

const terminalTone = (name: string): string =>
  name === 'success' ? 'good' : name === 'agent_failure' ? 'bad' : 'invalid';
const exitTone = (name: string): string =>
  name === 'finished' || name === 'user_stop' ? 'good' : 'bad';

/** Why trials ended: terminal reasons (predeclared), exit reasons, and the failed checks' kinds. */
export function renderReasons({ summary }: ReportModel): HTMLElement {
  const card = summary.scorecard;
  const attempts = Object.values(card.terminal_reasons).reduce((sum, count) => sum + count, 0);
  const failedValid = card.success_rate.trials - card.success_rate.successes;
  return section(
    'reasons',
    'Terminal and exit reasons',
    h(
      'div',
      { class: 'columns' },
      countTable(
        'Terminal reasons (every attempt)',
        Object.entries(card.terminal_reasons),
        attempts,
        terminalTone,
        (name) => reasonLabel('terminal_reasons', name),
        h(
          'p',
          { class: 'note' },
          'Agent failures count against the system; environment, grader and harness failures are invalid attempts, rerun up to the run’s limit.',
        ),
      ),
      countTable(
        'Exit reasons (every attempt)',
        Object.entries(card.exit_reasons),
        attempts,
        exitTone,
        (name) => reasonLabel('exit_reasons', name),
      ),
      countTable(
        'Why valid trials failed',
        card.failure_reasons.map(({ reason, trials }) => [reason, trials] as const),
        failedValid,
        () => 'bad',
        failureReasonLabel,
        h('p', { class: 'note' }, 'A failed trial can have several reasons.'),
      ),
    ),
  );
}

/** Success by task label (family, horizon, …): task-weighted rates with their denominators. */
export function renderSlices({ summary }: ReportModel): HTMLElement {
  const slices = Object.entries(summary.scorecard.slices);
  return section(
    'slices',
    'Slices by task label',
    slices.length === 0
      ? h('p', { class: 'muted' }, 'The tasks have no labels.')
      : h(
          'div',
          { class: 'columns' },
          slices.map(([label, byValue]) =>
            h(
              'div',
              {},
              h('h3', {}, label),
              h(
                'table',
                { class: 'counts' },
                h(
                  'thead',
                  {},
                  h(
                    'tr',
                    {},
                    h('th', {}, 'value'),
                    h('th', {}, 'success (task-weighted)'),
                    h('th', {}, 'tasks'),
                  ),
                ),
                h(
                  'tbody',
                  {},
                  Object.entries(byValue).map(([value, slice]) =>
                    h(
                      'tr',
                      {},
                      h('th', {}, value),
                      h(
                        'td',
                        {},
                        bar(
                          slice.success_rate,
                          `${percent(slice.success_rate)} (${slice.successes}/${slice.trials})`,
                          'good',
                        ),
                      ),
                      h('td', {}, String(slice.tasks)),
                    ),
                  ),
                ),
              ),
            ),
          ),
        ),
  );
}
