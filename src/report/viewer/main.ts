import './style.css';
import type { HtmlReportSummary } from '../rendering/html-report-data.js';
import { HTML_REPORT_FORMAT, HTML_REPORT_IDS } from '../rendering/html-report-data.js';
import { readBoard, renderBoardPage } from './board-page.js';
import { renderCharts } from './charts.js';
import { byId, h } from './dom.js';
import { renderExtraSection } from './extra-sections.js';
import { renderFailures } from './failures-section.js';
import { renderGrid } from './grid-section.js';
import { renderHeader, renderSystem } from './overview.js';
import { renderReasons, renderSlices } from './reasons-section.js';
import { createReportModel } from './report-model.js';
import { renderScorecard } from './scorecard-section.js';
import { createTracePanel } from './trace-panel.js';
import { createTrialLoader } from './trial-chunks.js';

const TRIAL_HASH = /^#trial=(\d+)$/;

function readSummary(): HtmlReportSummary | string {
  const element = document.getElementById(HTML_REPORT_IDS.summary);
  if (element === null)
    return 'This page holds no run: make one with `endstate report RUN --html FILE`.';
  const summary = JSON.parse(element.textContent ?? 'null') as HtmlReportSummary;
  const format: unknown = summary.format;
  if (format !== HTML_REPORT_FORMAT)
    return `This report has data format ${String(format)}; this viewer reads format ${HTML_REPORT_FORMAT}.`;
  return summary;
}

function navigation(sections: readonly HTMLElement[]): HTMLElement {
  return h(
    'nav',
    {},
    sections.map((element) =>
      h('a', { href: `#${element.id}` }, element.querySelector('h2')?.textContent ?? element.id),
    ),
  );
}

/** Each step's time, as a `performance.measure` entry (`endstate:grid`), for the benchmark. */
function timed<T>(name: string, step: () => T): T {
  const start = performance.now();
  const result = step();
  performance.measure(`endstate:${name}`, { start, end: performance.now() });
  return result;
}

/** A board page (`endstate board --html`) holds boards in place of a run. */
function startBoard(): boolean {
  const board = readBoard();
  if (board === undefined) return false;
  const main = byId('report');
  if (typeof board === 'string') {
    main.replaceChildren(h('p', { class: 'error-text' }, board));
  } else {
    const { top, sections } = renderBoardPage(board);
    byId('top').replaceChildren(top, navigation(sections));
    main.replaceChildren(...sections);
  }
  document.documentElement.dataset['ready'] = 'true';
  return true;
}

function start(): void {
  if (startBoard()) return;
  const summary = timed('parse', readSummary);
  const main = byId('report');
  if (typeof summary === 'string') {
    main.replaceChildren(h('p', { class: 'error-text' }, summary));
    return;
  }
  const model = createReportModel(summary, (index) => {
    location.hash = `trial=${index}`;
  });
  const sections = [
    timed('system', () => renderSystem(model)),
    timed('scorecard', () => renderScorecard(model)),
    timed('charts', () => renderCharts(model)),
    timed('reasons', () => renderReasons(model)),
    timed('slices', () => renderSlices(model)),
    timed('grid', () => renderGrid(model)),
    timed('failures', () => renderFailures(model)),
    ...summary.sections.map((extra) => renderExtraSection(extra, model)),
  ];
  byId('top').replaceChildren(renderHeader(model), navigation(sections));
  timed('attach', () => main.replaceChildren(...sections));

  const closeTrace = (): void => {
    location.hash = '';
  };
  const panel = createTracePanel(
    byId('trace'),
    model,
    createTrialLoader(summary.chunks),
    closeTrace,
  );
  const route = (): void => {
    const match = TRIAL_HASH.exec(location.hash);
    if (match?.[1] === undefined) panel.hide();
    else panel.show(Number(match[1]));
  };
  window.addEventListener('hashchange', route);
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !byId('trace').hidden) closeTrace();
  });
  route();
  document.documentElement.dataset['ready'] = 'true';
}

start();
