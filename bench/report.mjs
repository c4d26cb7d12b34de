// HTML report benchmarks: for runs of 10,000 and 100,000 stored trials
// (copies of a real simulated run of the support suite, in a temp SQLite
// store), the time `endstate report --html` spends reading the trials,
// building the scorecard and rendering the page, and the page's size; then
// the script time of the 10,000-trial page opening in Debian's chromium.
// Prints one JSON object. Run by bench/run.mjs in a process of its own.
// At the smoke size (`--smoke`, bench/smoke.mjs): one run of 200 trials,
// its page opened once. With ENDSTATE_REQUIRE_BROWSER=1 (CI sets it) a
// missing chromium is an error instead of a figure left out.
import { Buffer } from 'node:buffer';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import {
  createMemoryStore,
  createSimulatedAgent,
  loadSuite,
  openSqliteStore,
  runSuite,
} from '../dist/index.js';
import { buildScorecard, renderHtmlReport } from '../dist/report/index.js';
import { buildSyntheticRun } from '../dist/testing/build-synthetic-run.js';
import { round } from './measure.mjs';
import { pickSize, smokeMark } from './smoke.mjs';

const root = resolve(import.meta.dirname, '..');
const SIZES = pickSize(
  (process.env.BENCH_REPORT_TRIALS ?? '10000,100000').split(',').map(Number),
  [200],
);
const TRIALS_PER_TASK = 10;
/** The run whose page is opened in the browser (under `browser_open_10k`). */
const BROWSER_TRIALS = pickSize(10_000, 200);
const BROWSER_LOADS = pickSize(3, 1);
const template = readFileSync(join(root, 'dist', 'report-viewer', 'viewer.html'), 'utf8');

/** A real run to copy: the simulated agent with many slips, so verdicts, diffs and faults vary. */
async function sourceRun() {
  const suite = await loadSuite(join(root, 'examples', 'support'));
  return runSuite({
    suite,
    agent: createSimulatedAgent({ slip: 0.3 }),
    trials: pickSize(3, 1),
    seed: 0,
    concurrency: 8,
    store: createMemoryStore(),
  });
}

async function storeRun(path, run, trials) {
  const store = openSqliteStore(path);
  await store.createRun(run);
  for (let start = 0; start < trials.length; start += 1000)
    await Promise.all(trials.slice(start, start + 1000).map((trial) => store.putTrial(trial)));
  await store.finishRun(run.run_id, 'finished', new Date().toISOString());
  await store.close();
}

/** What `endstate report RUN --html FILE` does, timed step by step, on a fresh connection. */
async function timeReport(path, runId) {
  const store = openSqliteStore(path);
  const start = performance.now();
  const run = await store.getRun(runId);
  const trials = await store.listTrials(runId);
  const listed = performance.now();
  const scorecard = buildScorecard(run, trials);
  const built = performance.now();
  const html = renderHtmlReport({ template, run, scorecard, trials });
  const rendered = performance.now();
  await store.close();
  return {
    html,
    figures: {
      list_trials_ms: round(listed - start, 0),
      build_scorecard_ms: round(built - listed, 0),
      render_html_ms: round(rendered - built, 0),
      total_ms: round(rendered - start, 0),
      html_mb: round(Buffer.byteLength(html) / 1e6, 2),
    },
  };
}

function findChromium() {
  const fromPath = (process.env.PATH ?? '')
    .split(delimiter)
    .flatMap((folder) => [join(folder, 'chromium'), join(folder, 'chromium-browser')]);
  return ['/usr/bin/chromium', ...fromPath].find((path) => existsSync(path));
}

/** Script time of the page opening (CDP Performance metrics), the median of a few loads. */
async function browserOpen(file) {
  const executablePath = findChromium();
  if (executablePath === undefined) {
    const reason = 'no chromium (apt-get install chromium)';
    if (process.env.ENDSTATE_REQUIRE_BROWSER === '1')
      throw new Error(`ENDSTATE_REQUIRE_BROWSER=1 and ${reason}`);
    return { script_ms: null, reason };
  }
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath, headless: true, args: ['--no-sandbox'] });
  const loads = [];
  try {
    for (let load = 0; load < BROWSER_LOADS; load++) {
      const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
      const session = await page.context().newCDPSession(page);
      await session.send('Performance.enable');
      const start = performance.now();
      await page.goto(pathToFileURL(file).href);
      await page.waitForSelector('html[data-ready="true"]', { timeout: 60_000 });
      const readyMs = performance.now() - start;
      const { metrics } = await session.send('Performance.getMetrics');
      const metric = (name) => metrics.find((entry) => entry.name === name)?.value ?? NaN;
      const steps = await page.evaluate(() =>
        Object.fromEntries(
          performance
            .getEntriesByType('measure')
            .filter((entry) => entry.name.startsWith('endstate:'))
            .map((entry) => [entry.name.slice('endstate:'.length), Math.round(entry.duration)]),
        ),
      );
      loads.push({
        script_ms: round(metric('ScriptDuration') * 1000, 0),
        main_thread_ms: round(metric('TaskDuration') * 1000, 0),
        layout_ms: round(metric('LayoutDuration') * 1000, 0),
        ready_wall_ms: round(readyMs, 0),
        viewer_steps_ms: steps,
      });
      await page.close();
    }
  } finally {
    await browser.close();
  }
  loads.sort((a, b) => a.script_ms - b.script_ms);
  return {
    loads: BROWSER_LOADS,
    ...loads[Math.floor(loads.length / 2)],
    best_script_ms: loads[0].script_ms,
    under_one_second: loads[Math.floor(loads.length / 2)].script_ms < 1000,
  };
}

const source = await sourceRun();
const folder = mkdtempSync(join(tmpdir(), 'endstate-bench-report-'));
const result = {
  ...smokeMark,
  source_trials: source.trials.length,
  trials_per_task: TRIALS_PER_TASK,
  runs: {},
};
let browser = {
  script_ms: null,
  reason: `no ${BROWSER_TRIALS.toLocaleString('en')}-trial report was made`,
};
try {
  for (const size of SIZES) {
    const { run, trials } = buildSyntheticRun({
      run: source.run,
      trials: source.trials,
      tasks: Math.ceil(size / TRIALS_PER_TASK),
      trialsPerTask: TRIALS_PER_TASK,
      runId: `bench-${size}`,
    });
    const path = join(folder, `${size}.db`);
    await storeRun(path, run, trials);
    const { html, figures } = await timeReport(path, run.run_id);
    result.runs[size] = {
      trials: trials.length,
      store_mb: round(statSync(path).size / 1e6, 1),
      ...figures,
    };
    if (size === BROWSER_TRIALS) {
      const file = join(folder, `report-${size}.html`);
      writeFileSync(file, html);
      browser = await browserOpen(file);
    }
    rmSync(path, { force: true });
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}
result.browser_open_10k = browser;
result.peak_rss_mb = round(process.resourceUsage().maxRSS / 1024, 1);
process.stdout.write(`${JSON.stringify(result)}\n`);
