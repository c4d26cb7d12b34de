import { append, h, section } from './dom.js';
import { plural } from './format.js';
import type { ReportModel } from './report-model.js';
import { reasonsOf, trialLabel } from './report-model.js';

const SHOWN_AT_ONCE = 100;

function trialList(model: ReportModel, indexes: readonly number[], id: string): HTMLElement {
  const list = h('ol', { class: 'trial-list', id });
  const more = h('button', { type: 'button', class: 'more' });
  let shown = 0;
  const showMore = (): void => {
    const next = indexes.slice(shown, shown + SHOWN_AT_ONCE);
    append(
      list,
      next.map((index) => {
        const cell = model.cells[index];
        const exit = cell === undefined ? '' : (model.summary.grid.exit_reasons[cell[4]] ?? '');
        const terminal =
          cell === undefined ? '' : (model.summary.grid.terminal_reasons[cell[5]] ?? '');
        const reasons = cell === undefined ? [] : reasonsOf(model, cell);
        return h(
          'li',
          {},
          h(
            'button',
            { type: 'button', class: 'trial-link', 'data-trial': index },
            h('span', { class: 'trial-name' }, trialLabel(model, index)),
            h(
              'span',
              { class: 'trial-why' },
              reasons.length > 0 ? reasons.join(' · ') : `${terminal} · exit ${exit}`,
            ),
          ),
        );
      }),
    );
    shown += next.length;
    more.textContent = `show ${Math.min(SHOWN_AT_ONCE, indexes.length - shown)} more of ${indexes.length - shown}`;
    more.hidden = shown >= indexes.length;
  };
  more.addEventListener('click', showMore);
  list.addEventListener('click', (event) => {
    const target = (event.target as Element).closest('[data-trial]');
    if (target !== null) model.open(Number(target.getAttribute('data-trial')));
  });
  showMore();
  return h('div', {}, list, more);
}

/** Every failed valid trial and every invalid attempt, each opening its trace. */
export function renderFailures(model: ReportModel): HTMLElement {
  return section(
    'failures',
    'Failed trials',
    model.failed.length === 0
      ? h('p', { class: 'muted' }, 'No valid trial failed.')
      : [
          h(
            'p',
            {},
            `${plural(model.failed.length, 'failed valid trial')}, in run order, with why each failed:`,
          ),
          trialList(model, model.failed, 'failed-trials'),
        ],
    model.invalid.length === 0
      ? null
      : [
          h('h3', {}, `Invalid attempts (${model.invalid.length})`),
          h(
            'p',
            { class: 'note' },
            'Environment, grader or harness failures: not counted against the system, rerun up to the run’s limit.',
          ),
          trialList(model, model.invalid, 'invalid-trials'),
        ],
  );
}
