import type { TaskSummary } from '../scorecard.js';
import { append, h, section } from './dom.js';
import { fixed, usd, usdOrUnknown } from './format.js';
import { bar } from './reasons-section.js';
import type { ReportModel } from './report-model.js';
import { STATUS_NAMES, reasonsOf } from './report-model.js';

const ROWS_PER_PAGE = 100;
/** Trial squares drawn at most on a page: a task run 1,000 times gets pages of 2 tasks, not 100. */
const CELLS_PER_PAGE = 2000;

/** Tasks a page shows: 100, fewer when each has so many attempts that 100 would draw too many squares. */
export function rowsPerPage(attempts: number): number {
  return Math.max(1, Math.min(ROWS_PER_PAGE, Math.floor(CELLS_PER_PAGE / Math.max(1, attempts))));
}

interface TaskRow {
  readonly index: number;
  readonly id: string;
  readonly summary: TaskSummary | undefined;
  readonly failures: number;
  readonly invalid: number;
  readonly search: string;
}

function taskRows(model: ReportModel): TaskRow[] {
  const summaries = new Map(model.summary.scorecard.tasks.map((task) => [task.task_id, task]));
  return model.summary.grid.tasks.map((id, index) => {
    const summary = summaries.get(id);
    const trials = model.trialsByTask[index] ?? [];
    let failures = 0;
    let invalid = 0;
    for (const trial of trials) {
      const status = model.cells[trial]?.[3];
      if (status === 1) failures++;
      else if (status === 2) invalid++;
    }
    const labels = Object.entries(summary?.labels ?? {}).map(([key, value]) => `${key}=${value}`);
    return {
      index,
      id,
      summary,
      failures,
      invalid,
      search: [id, ...labels].join(' ').toLowerCase(),
    };
  });
}

function cellTitle(model: ReportModel, index: number): string {
  const cell = model.cells[index];
  if (cell === undefined) return '';
  const [task, attempt, rerun, status, exit] = cell;
  const reasons = reasonsOf(model, cell);
  return [
    `${model.summary.grid.tasks[task]} · attempt ${attempt}${rerun > 0 ? ` rerun ${rerun}` : ''}`,
    `${STATUS_NAMES[status]} · exit ${model.summary.grid.exit_reasons[exit]}`,
    ...(reasons.length > 0 ? [`failed: ${reasons.join(', ')}`] : []),
  ].join('\n');
}

/** One task's trials: a column per attempt, its reruns stacked inside. */
function trialCells(model: ReportModel, row: TaskRow, attempts: number): HTMLElement {
  const byAttempt: number[][] = Array.from({ length: attempts }, () => []);
  for (const trial of model.trialsByTask[row.index] ?? []) {
    const attempt = model.cells[trial]?.[1] ?? 1;
    byAttempt[Math.min(attempt, attempts) - 1]?.push(trial);
  }
  return h(
    'div',
    { class: 'cells' },
    byAttempt.map((tries) =>
      h(
        'span',
        { class: 'attempt' },
        tries.length === 0
          ? h('span', { class: 'cell s-missing', title: 'no trial stored' })
          : tries.map((trial) => {
              const cell = model.cells[trial];
              const status = STATUS_NAMES[cell?.[3] ?? 2];
              const flagged = (cell?.[8] ?? 0) !== 0 ? ' flagged' : '';
              return h('button', {
                type: 'button',
                class: `cell s-${status}${flagged}`,
                'data-trial': trial,
                title: cellTitle(model, trial),
              });
            }),
      ),
    ),
  );
}

function renderRow(model: ReportModel, row: TaskRow, attempts: number): HTMLElement {
  const task = row.summary;
  const worst = task?.failed_checks[0];
  const attemptCount = model.trialsByTask[row.index]?.length ?? 0;
  return h(
    'tr',
    { 'data-task': row.id },
    h(
      'th',
      {},
      h('div', { class: 'task-id' }, row.id),
      h(
        'div',
        { class: 'labels' },
        Object.entries(task?.labels ?? {}).map(([key, value]) =>
          h('span', { class: 'label' }, `${key}: ${value}`),
        ),
      ),
    ),
    h(
      'td',
      {},
      task === undefined
        ? '—'
        : bar(
            task.success_rate,
            `${task.successes}/${task.trials} [${fixed(task.ci95[0], 2)}, ${fixed(task.ci95[1], 2)}]`,
            'good',
          ),
    ),
    h('td', {}, trialCells(model, row, attempts)),
    h('td', { class: 'num' }, String(row.invalid)),
    h('td', {}, worst === undefined ? '' : `${worst.check} (${worst.kind}) ×${worst.trials}`),
    h(
      'td',
      { class: 'num' },
      attemptCount === 0
        ? usd(null)
        : usdOrUnknown(model.taskCostUsd[row.index] ?? null, attemptCount),
    ),
  );
}

type Filter = 'all' | 'failures' | 'invalid';
type Order = 'run' | 'worst' | 'best';

/**
 * Tasks × trials: every trial a square (green success, red failure, grey
 * invalid; a dot when a fault fired or a call was blocked) that opens its
 * trace. A hundred tasks a page (fewer when tasks have many attempts,
 * {@link rowsPerPage}), with a filter, so large runs draw fast.
 */
export function renderGrid(model: ReportModel): HTMLElement {
  const rows = taskRows(model);
  let attempts = model.summary.run.trials_per_task;
  for (const cell of model.cells) if (cell[1] > attempts) attempts = cell[1];
  const pageRows = rowsPerPage(attempts);
  const state = { filter: 'all' as Filter, order: 'run' as Order, query: '', page: 0 };
  const body = h('tbody');
  const pageInfo = h('span', { class: 'page-info' });
  const previous = h('button', { type: 'button' }, '‹ previous');
  const next = h('button', { type: 'button' }, 'next ›');

  const draw = (): void => {
    let shown = rows.filter(
      (row) =>
        (state.filter === 'all' ||
          (state.filter === 'failures' ? row.failures > 0 : row.invalid > 0)) &&
        (state.query === '' || row.search.includes(state.query)),
    );
    if (state.order !== 'run') {
      const sign = state.order === 'worst' ? 1 : -1;
      const rate = (row: TaskRow): number => {
        const value = row.summary?.success_rate;
        return value === undefined || value === null || Number.isNaN(value) ? -1 : value;
      };
      shown = [...shown].sort((a, b) => sign * (rate(a) - rate(b)) || a.index - b.index);
    }
    const pages = Math.max(1, Math.ceil(shown.length / pageRows));
    state.page = Math.min(state.page, pages - 1);
    const start = state.page * pageRows;
    body.replaceChildren();
    append(
      body,
      shown.slice(start, start + pageRows).map((row) => renderRow(model, row, attempts)),
    );
    pageInfo.textContent = `tasks ${shown.length === 0 ? 0 : start + 1}–${Math.min(start + pageRows, shown.length)} of ${shown.length}`;
    previous.toggleAttribute('disabled', state.page === 0);
    next.toggleAttribute('disabled', state.page >= pages - 1);
  };

  previous.addEventListener('click', () => {
    state.page--;
    draw();
  });
  next.addEventListener('click', () => {
    state.page++;
    draw();
  });
  const table = h(
    'table',
    { class: 'grid' },
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        [
          'task',
          'success [95% CI]',
          `trials (attempt 1–${attempts})`,
          'invalid',
          'most failed check',
          'cost',
        ].map((title) => h('th', {}, title)),
      ),
    ),
    body,
  );
  table.addEventListener('click', (event) => {
    const target = (event.target as Element).closest('[data-trial]');
    if (target !== null) model.open(Number(target.getAttribute('data-trial')));
  });
  const controls = h(
    'div',
    { class: 'controls' },
    h('input', {
      type: 'search',
      placeholder: 'filter tasks by id or label',
      'aria-label': 'filter tasks',
      oninput: (event: Event) => {
        state.query = (event.target as HTMLInputElement).value.trim().toLowerCase();
        state.page = 0;
        draw();
      },
    }),
    h(
      'select',
      {
        'aria-label': 'which tasks',
        onchange: (event: Event) => {
          state.filter = (event.target as HTMLSelectElement).value as Filter;
          state.page = 0;
          draw();
        },
      },
      h('option', { value: 'all' }, 'all tasks'),
      h('option', { value: 'failures' }, 'tasks with failed trials'),
      h('option', { value: 'invalid' }, 'tasks with invalid attempts'),
    ),
    h(
      'select',
      {
        'aria-label': 'order',
        onchange: (event: Event) => {
          state.order = (event.target as HTMLSelectElement).value as Order;
          draw();
        },
      },
      h('option', { value: 'run' }, 'run order'),
      h('option', { value: 'worst' }, 'lowest success first'),
      h('option', { value: 'best' }, 'highest success first'),
    ),
    previous,
    pageInfo,
    next,
  );
  draw();
  return section(
    'grid',
    'Tasks × trials',
    h(
      'p',
      { class: 'legend' },
      h('span', { class: 'cell s-success' }),
      ' success ',
      h('span', { class: 'cell s-failure' }),
      ' failure ',
      h('span', { class: 'cell s-invalid' }),
      ' invalid attempt ',
      h('span', { class: 'cell s-success flagged' }),
      ' a fault fired or a call was blocked · click a trial to open its trace',
    ),
    controls,
    h('div', { class: 'scroll-x' }, table),
  );
}
