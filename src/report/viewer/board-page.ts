import { dot, line, plot, ruleX, ruleY, text } from '@observablehq/plot';
import type { Board, BoardRun } from '../analysis/board.js';
import type { BoardHtmlData, BoardHtmlTable } from '../rendering/board-html-data.js';
import { BOARD_HTML_FORMAT, BOARD_HTML_ID } from '../rendering/board-html-data.js';
import { h, section } from './dom.js';

/** The page's board data, or why there is none it can read. */
export function readBoard(): BoardHtmlData | string | undefined {
  const element = document.getElementById(BOARD_HTML_ID);
  if (element === null) return undefined;
  const data = JSON.parse(element.textContent ?? 'null') as BoardHtmlData;
  const format: unknown = data.format;
  if (format !== BOARD_HTML_FORMAT)
    return `This board has data format ${String(format)}; this viewer reads format ${BOARD_HTML_FORMAT}.`;
  return data;
}

interface Point {
  readonly run_id: string;
  readonly label: string;
  readonly cost: number;
  readonly success: number;
  readonly lower: number;
  readonly upper: number;
  readonly frontier: boolean;
}

const usd = (value: number): string => `$${value.toFixed(value < 1 ? 4 : 2)}`;

function pointsOf(board: Board): Point[] {
  return board.runs
    .filter(
      (run): run is BoardRun & { cost: { per_trial_usd: number } } =>
        run.frontier === 'frontier' || run.frontier === 'dominated',
    )
    .map((run) => ({
      run_id: run.run_id,
      label: run.label,
      cost: run.cost.per_trial_usd,
      success: run.success_rate.value,
      lower: run.success_rate.ci95[0],
      upper: run.success_rate.ci95[1],
      frontier: run.frontier === 'frontier',
    }));
}

/**
 * Success against cost per trial: each placed run a dot (its 95% interval
 * a vertical rule, its label beside it), the frontier a line through its
 * runs, cheapest first. The figure carries its scales' domains and ranges
 * as data attributes, so a reader (or a test) can map a dot back to figures.
 */
function frontierChart(board: Board): HTMLElement {
  const points = pointsOf(board);
  if (points.length === 0) {
    return h('p', { class: 'muted' }, 'No run has a known cost: nothing to place.');
  }
  const byId = new Map(points.map((point) => [point.run_id, point]));
  const frontier = board.frontier.flatMap((id) => byId.get(id) ?? []);
  const maxCost = Math.max(...points.map((point) => point.cost));
  // All at $0 (scripted agents call no model): a domain of width 0 would put every dot mid-axis.
  const xDomain: [number, number] = [0, maxCost > 0 ? maxCost * 1.15 : 1];
  const chart = plot({
    width: 960,
    height: 380,
    marginLeft: 52,
    // Room for the labels of the costliest runs, which sit right of their dots.
    marginRight: 300,
    x: { label: 'cost per trial (USD)', domain: xDomain, grid: true, tickFormat: usd },
    y: { label: 'success rate', domain: [0, 1], grid: true, percent: false },
    marks: [
      ruleY([0]),
      ruleX(points, {
        x: 'cost',
        y1: 'lower',
        y2: 'upper',
        stroke: '#8c959f',
        className: 'success-interval',
      }),
      line(frontier, {
        x: 'cost',
        y: 'success',
        stroke: '#cf222e',
        strokeWidth: 2,
        className: 'frontier',
      }),
      dot(points, {
        x: 'cost',
        y: 'success',
        r: 5,
        fill: (point: Point) => (point.frontier ? '#cf222e' : '#0969da'),
        title: (point: Point) =>
          `${point.run_id}\n${point.label}\nsuccess ${(point.success * 100).toFixed(1)}% · ${usd(point.cost)} per trial`,
        className: 'runs',
      }),
      text(points, {
        x: 'cost',
        y: 'success',
        text: 'label',
        dx: 8,
        textAnchor: 'start',
        fontSize: 11,
        className: 'labels',
      }),
    ],
  });
  const x = chart.scale('x');
  const y = chart.scale('y');
  return h(
    'div',
    {
      class: 'frontier-chart',
      'data-x-domain': JSON.stringify(x?.domain ?? null),
      'data-x-range': JSON.stringify(x?.range ?? null),
      'data-y-domain': JSON.stringify(y?.domain ?? null),
      'data-y-range': JSON.stringify(y?.range ?? null),
    },
    chart,
  );
}

function table({ head, rows }: BoardHtmlTable): HTMLElement {
  return h(
    'table',
    { class: 'generic board-runs' },
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        head.map((cell) => h('th', {}, cell)),
      ),
    ),
    h(
      'tbody',
      {},
      rows.map((row) =>
        h(
          'tr',
          {},
          row.map((cell) => h('td', {}, cell)),
        ),
      ),
    ),
  );
}

function boardSection(board: Board, words: BoardHtmlTable, index: number): HTMLElement {
  const unplaced = board.runs.filter(
    (run) => run.frontier === 'unknown-cost' || run.frontier === 'no-valid-trials',
  );
  return section(
    `board-${index + 1}`,
    words.title,
    h('p', { class: 'subtitle' }, words.settings),
    words.separations.map((line) => h('p', { class: 'note separation' }, line)),
    h(
      'figure',
      { class: 'chart', id: `frontier-${index + 1}` },
      h('figcaption', {}, 'Success against cost per trial; the frontier in red'),
      frontierChart(board),
    ),
    h('p', { class: 'frontier-line' }, `Frontier: ${words.frontier}`),
    unplaced.length === 0
      ? null
      : h(
          'p',
          { class: 'note unplaced' },
          `Listed, not placed: ${unplaced.map((run) => `${run.run_id} (${run.frontier === 'unknown-cost' ? 'cost unknown' : 'no valid trial'})`).join(', ')}`,
        ),
    table(words),
    board.notes.map((note) => h('p', { class: 'note' }, `Note: ${note}`)),
  );
}

/** The board page: a heading, then one section per board. */
export function renderBoardPage(data: BoardHtmlData): {
  top: HTMLElement;
  sections: HTMLElement[];
} {
  const runs = data.set.boards.reduce((sum, board) => sum + board.runs.length, 0);
  document.title = `endstate board · ${runs} run(s)`;
  const top = h(
    'div',
    { class: 'heading' },
    h('h1', {}, 'endstate board'),
    h(
      'p',
      { class: 'subtitle' },
      `${runs} run(s) on ${data.set.boards.length} board(s): runs that differ in a setting are never ranked together. A run is on the frontier when no other run of its board has at least its success at no more cost per trial, and is better in one.`,
    ),
    data.warnings.map((warning) => h('p', { class: 'subtitle warn integrity' }, warning)),
  );
  const sections = data.set.boards.map((board, index) =>
    boardSection(board, data.tables[index]!, index),
  );
  return { top, sections };
}
