import { gzipSync } from 'node:zlib';
import { EndstateError } from '../../core/index.js';
import { FAILURE_LABEL_RULES } from '../../schema/index.js';
import type { RunRecord, TrialRecord } from '../../schema/index.js';
import { buildTrialGrid } from './build-trial-grid.js';
import type { HtmlReportSection, HtmlReportSummary } from './html-report-data.js';
import { HTML_REPORT_DATA_SLOT, HTML_REPORT_FORMAT, HTML_REPORT_IDS } from './html-report-data.js';
import { displaySuitePath } from './display-suite-path.js';
import { escapeHtml } from './escape-html.js';
import type { Scorecard } from '../scorecard.js';

/** Trials per compressed chunk: opening a trial decodes its chunk alone. */
export const TRIALS_PER_CHUNK = 64;

export interface HtmlReportInput {
  /** The built viewer page (dist/report-viewer/viewer.html), holding the data slot. */
  readonly template: string;
  readonly run: RunRecord;
  readonly scorecard: Scorecard;
  /** Every stored trial of the run, in the order the report lists them. */
  readonly trials: readonly TrialRecord[];
  /** Extra sections, such as a comparison with another run. */
  readonly sections?: readonly HtmlReportSection[];
  /**
   * The folder the report is made in: the suite's path is shown relative to
   * it when the suite lies inside, and left out otherwise.
   */
  readonly workingFolder?: string;
}

/**
 * JSON that can sit inside a `<script>` element: every `<` escaped, so no
 * text in a record (`</script>`, `<!--`) can end the element early.
 */
export function embedJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

function encodeChunk(trials: readonly TrialRecord[]): string {
  return gzipSync(JSON.stringify(trials)).toString('base64');
}

/**
 * One self-contained HTML file: the viewer with the run's data inlined.
 * The summary (run, scorecard, grid) is parsed when the page opens; each
 * chunk of full trial records is decompressed only when one of its trials
 * is opened. Pure: data in, string out.
 */
export function renderHtmlReport(input: HtmlReportInput): string {
  const { template, run, scorecard, trials } = input;
  if (!template.includes(HTML_REPORT_DATA_SLOT)) {
    throw new EndstateError(
      'E_INTERNAL',
      `the HTML report template has no ${HTML_REPORT_DATA_SLOT} slot`,
      {
        hint: 'Rebuild endstate with `npm run build`; the viewer page may be stale or from another version.',
      },
    );
  }
  const chunkCount = Math.ceil(trials.length / TRIALS_PER_CHUNK);
  const summary: HtmlReportSummary = {
    format: HTML_REPORT_FORMAT,
    run: {
      ...run,
      suite: { ...run.suite, path: displaySuitePath(run.suite.path, input.workingFolder) },
    },
    scorecard,
    sections: input.sections ?? [],
    failure_label_rules: FAILURE_LABEL_RULES,
    grid: buildTrialGrid(run, trials),
    chunks: { encoding: 'gzip-base64', trials_per_chunk: TRIALS_PER_CHUNK, count: chunkCount },
  };
  const blocks = [
    `<script type="application/json" id="${HTML_REPORT_IDS.summary}">${embedJson(summary)}</script>`,
  ];
  for (let chunk = 0; chunk < chunkCount; chunk++) {
    const slice = trials.slice(chunk * TRIALS_PER_CHUNK, (chunk + 1) * TRIALS_PER_CHUNK);
    blocks.push(
      `<script type="text/plain" id="${HTML_REPORT_IDS.chunkPrefix}${chunk}">${encodeChunk(slice)}</script>`,
    );
  }
  const title = `<title>${escapeHtml(`${run.run_id} · ${run.suite.name} · endstate`)}</title>`;
  const page = template.replace(/<title>[^<]*<\/title>/, () => title);
  // The last slot: the page's own, after any script that might quote it.
  const slot = page.lastIndexOf(HTML_REPORT_DATA_SLOT);
  return `${page.slice(0, slot)}${blocks.join('\n')}${page.slice(slot + HTML_REPORT_DATA_SLOT.length)}`;
}
