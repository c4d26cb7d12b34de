import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadViewerTemplate } from '../../src/cli/load-viewer-template.js';
import { buildScorecard, renderHtmlReport } from '../../src/report/index.js';
import { buildSyntheticRun } from '../../src/testing/build-synthetic-run.js';
import type { JudgeValidationStatus, Scorecard } from '../../src/report/index.js';
import type { Check, RunRecord, TrialRecord } from '../../src/schema/index.js';
import type { PageRecorder } from './chromium.js';
import { BROWSER_SKIP_TITLE, chromiumForTests, launchChromium, recordPage } from './chromium.js';
import { example, runCliHere, tempFolder } from './run-cli.js';
import { expectLargeReportOpens } from './large-report.js';
import { constraintChecks } from '../../src/schema/index.js';

const CHROMIUM = chromiumForTests();
// Said in the test summary, not only counted among the skipped tests.
it.skipIf(CHROMIUM !== undefined)(BROWSER_SKIP_TITLE, () => {});

interface Stored {
  readonly run: RunRecord;
  readonly scorecard: Scorecard;
  readonly trials: TrialRecord[];
}

const SECTIONS = ['system', 'scorecard', 'curves', 'reasons', 'slices', 'grid', 'failures'];

const failedChecks = (trial: TrialRecord): Check[] =>
  [
    ...trial.grades.outcome!.checks,
    ...constraintChecks(trial),
    ...trial.grades.response!.checks,
  ].filter((check) => !check.pass);

async function open(
  browser: Browser,
  file: string,
): Promise<{ page: Page; recorder: PageRecorder; url: string }> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  const recorder = recordPage(page);
  const url = pathToFileURL(file).href;
  await page.goto(url);
  await page.waitForSelector('html[data-ready="true"]');
  return { page, recorder, url };
}

describe.skipIf(CHROMIUM === undefined)('the HTML report in a browser', () => {
  let browser: Browser;
  let folder: string;
  let stored: Stored;

  beforeAll(async () => {
    folder = tempFolder();
    const ran = await runCliHere(
      ['run', example('support'), '--agent', 'simulated', '--slip', '0.3', '--trials', '3'],
      folder,
    );
    expect(ran.stderr).not.toMatch(/error/i);
    const reported = await runCliHere(
      ['report', 'latest', '--html', 'report.html', '--json', 'run.json'],
      folder,
    );
    expect(reported.code).toBe(0);
    expect(reported.stderr).toMatch(/wrote report\.html \([\d.]+ MB/);
    stored = JSON.parse(readFileSync(join(folder, 'run.json'), 'utf8')) as Stored;
    browser = await launchChromium(CHROMIUM!);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('opens from disk with every section and the scorecard, with no network request or console error', async () => {
    const { page, recorder, url } = await open(browser, join(folder, 'report.html'));
    for (const id of SECTIONS) expect(await page.locator(`section#${id}`).count(), id).toBe(1);
    const success = await page.locator('#scorecard .stat').first().innerText();
    expect(success).toContain('Success');
    expect(success).toContain(`${(stored.scorecard.success_rate.value * 100).toFixed(1)}%`);
    expect(await page.locator('#curves svg').count()).toBeGreaterThanOrEqual(2);
    expect(await page.locator('#grid button.cell').count()).toBe(stored.trials.length);
    expect(recorder.requests).toEqual([url]);
    expect(recorder.errors).toEqual([]);
    await page.close();
  });

  it('shows unassisted success and assisted completion beside success, as the support suite has a user who helps', async () => {
    const assistance = stored.scorecard.assistance;
    expect(assistance).toBeTruthy();
    const { page, recorder } = await open(browser, join(folder, 'report.html'));
    const stats = await page.locator('#scorecard .stat').allInnerTexts();
    const card = (label: string) => stats.find((text) => text.startsWith(label)) ?? '';
    const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
    expect(card('Unassisted success')).toContain(percent(assistance!.unassisted_success.value));
    expect(card('Assisted completion')).toContain(percent(assistance!.assisted_completion.value));
    expect(card('Assisted completion')).toContain('unassisted + assisted = success');
    expect(recorder.errors).toEqual([]);
    await page.close();
  });

  it('draws the safety bounds and, since the simulated agent states a confidence, the reliability diagram', async () => {
    const calibration = stored.scorecard.calibration;
    expect(calibration).not.toBeNull();
    const { page, recorder } = await open(browser, join(folder, 'report.html'));
    const safety = await page.locator('#scorecard #safety').innerText();
    const loop = stored.scorecard.safety.loop;
    expect(safety).toContain(`${loop.events}/${loop.trials} trials`);
    expect(safety).toContain(`≤ ${(loop.upper95 * 100).toFixed(1)}%`);
    expect(safety).toContain('one-sided 95% upper bound');
    const block = page.locator('#scorecard #calibration');
    const text = await block.innerText();
    expect(text).toContain(`${calibration!.brier.toFixed(3)} (95% CI [`);
    expect(text).toContain(`one-sided 95% upper bound ${calibration!.ece_upper95.toFixed(3)}`);
    expect(text).toContain(`${calibration!.trials_without_confidence} (left out)`);
    const chart = block.locator('figure#reliability-chart');
    expect(await chart.locator('svg').count()).toBeGreaterThanOrEqual(1);
    // One dot per non-empty bin, and a row per bin (all 10) with its count.
    const filled = calibration!.reliability.filter((bin) => bin.count > 0);
    expect(await chart.locator('svg circle').count()).toBe(filled.length);
    const rows = chart.locator('table.reliability tbody tr');
    expect(await rows.count()).toBe(10);
    const counts = await rows.locator('td:nth-child(2)').allInnerTexts();
    expect(counts).toEqual(calibration!.reliability.map((bin) => String(bin.count)));
    expect(recorder.errors).toEqual([]);
    await page.close();
  });

  it('opens a failed trial from the list and shows its state diff and its failed check', async () => {
    const index = stored.trials.findIndex(
      (trial) =>
        trial.valid &&
        !trial.success &&
        Object.keys(trial.state_diff ?? {}).length > 0 &&
        failedChecks(trial).length > 0,
    );
    expect(index).toBeGreaterThanOrEqual(0);
    const trial = stored.trials[index]!;
    const [collection, records] = Object.entries(trial.state_diff ?? {})[0]!;
    const record = `${collection}/${Object.keys(records)[0]!}`;
    const check = failedChecks(trial)[0]!;

    const { page, recorder, url } = await open(browser, join(folder, 'report.html'));
    await page.click(`#failed-trials [data-trial="${index}"]`);
    await page.waitForSelector(`#trace[data-loaded="${index}"]`);
    expect(await page.locator('#trace h2').innerText()).toContain(trial.task_id);
    const diff = page.locator(`#trace .diff-record[data-record="${record}"]`);
    expect(await diff.isVisible()).toBe(true);
    expect(await page.locator('#trace .diff-record tr.changed').count()).toBeGreaterThan(0);
    const failed = page.locator(`#trace .check.fail[data-check="${check.id}"]`).first();
    expect(await failed.isVisible()).toBe(true);
    expect(await failed.innerText()).toContain(check.message);
    expect(await page.locator('#trace .why-failed').innerText()).toContain(check.id);

    await page.keyboard.press('Escape');
    // Closing happens on the key event: wait for it rather than race it.
    await page.locator('#trace').waitFor({ state: 'hidden', timeout: 5000 });
    expect(await page.locator('#trace').isHidden()).toBe(true);
    expect(recorder.requests).toEqual([url]);
    expect(recorder.errors).toEqual([]);
    await page.close();
  });

  it("shows a failed check's path, expected and actual values in the trial drawer", async () => {
    const index = stored.trials.findIndex((trial) =>
      failedChecks(trial).some((check) => check.expected !== undefined && check.path !== undefined),
    );
    expect(index).toBeGreaterThanOrEqual(0);
    const check = failedChecks(stored.trials[index]!).find(
      (failed) => failed.expected !== undefined && failed.path !== undefined,
    )!;

    const { page, recorder, url } = await open(browser, join(folder, 'report.html'));
    await page.goto(`${url}#trial=${index}`);
    await page.waitForSelector(`#trace[data-loaded="${index}"]`);
    const detail = page.locator(`#trace .check.fail[data-check="${check.id}"] .check-detail`);
    const text = await detail.first().innerText();
    expect(text).toContain(check.path);
    expect(text).toContain(`expected\t${JSON.stringify(check.expected)}`);
    expect(text).toContain(
      `actual\t${check.actual === undefined ? '(absent)' : JSON.stringify(check.actual)}`,
    );
    expect(recorder.errors).toEqual([]);
    await page.close();
  });

  it('says in the scorecard when a judge is unvalidated, as a warning, and when it is validated', async () => {
    const judged = {
      model: 'openai:gpt-4o',
      rubric_hash: 'c'.repeat(64),
      task_ids: ['explain-window-8850'],
      trials: 3,
      cost_usd: 0.006,
    };
    const validation = {
      recorded_at: '2026-12-01T10:00:00.000Z',
      model: judged.model,
      rubric_hash: judged.rubric_hash,
      task_id: 'explain-window-8850',
      labels_file: 'labels.jsonl',
      items: 40,
      accuracy: { rate: 0.9, ci95: [0.77, 0.96] as [number, number] },
      kappa: { value: 0.8, ci95: [0.6, 0.92] as [number, number] },
    };
    const shown = async (status: JudgeValidationStatus): Promise<string[]> => {
      const file = join(folder, 'judged.html');
      writeFileSync(
        file,
        renderHtmlReport({
          template: loadViewerTemplate(),
          run: stored.run,
          scorecard: { ...stored.scorecard, judge_validation: [status] },
          trials: stored.trials,
        }),
      );
      const { page, recorder } = await open(browser, file);
      const lines = await page.locator('#scorecard .stat span').allInnerTexts();
      expect(recorder.errors).toEqual([]);
      await page.close();
      return lines.filter((line) => line.includes('judge:'));
    };
    expect(await shown({ ...judged, validation: null })).toEqual([
      '⚠ judge: unvalidated (no validation on record for openai:gpt-4o, rubric cccccccccccc; task explain-window-8850; 3 trials judged for $0.0060)',
    ]);
    expect(await shown({ ...judged, validation })).toEqual([
      'judge: validated, kappa 0.80 [0.60, 0.92] on 40 labels (openai:gpt-4o, rubric cccccccccccc; task explain-window-8850; 3 trials judged for $0.0060)',
    ]);
  });

  it('draws a page of rows and list items, not one per trial, however many trials the run has', async () => {
    /** The grid's rows and squares and the failure lists' items (and all their elements) drawn when a synthetic run's report opens; the cost chart draws a dot per task. */
    const drawn = async (tasks: number, trialsPerTask: number) => {
      const synthetic = buildSyntheticRun({
        run: stored.run,
        trials: stored.trials,
        tasks,
        trialsPerTask,
      });
      const file = join(folder, `drawn-${tasks}x${trialsPerTask}.html`);
      writeFileSync(
        file,
        renderHtmlReport({
          template: loadViewerTemplate(),
          run: synthetic.run,
          scorecard: buildScorecard(synthetic.run, synthetic.trials),
          trials: synthetic.trials,
        }),
      );
      const { page, recorder } = await open(browser, file);
      const counts = {
        rows: await page.locator('#grid tbody tr').count(),
        squares: await page.locator('#grid .cell').count(),
        listed: await page.locator('#failures li').count(),
        nodes: await page.locator('#grid *, #failures *').count(),
      };
      expect(recorder.errors).toEqual([]);
      await page.close();
      return counts;
    };
    const small = await drawn(100, 10);
    const large = await drawn(400, 10);
    expect(small.rows).toBe(100);
    expect(large).toEqual(small);
    // A task run 300 times: pages of 6 tasks, 1,800 squares, not all 10 tasks' 3,000.
    const deep = await drawn(10, 300);
    expect(deep.rows).toBe(6);
    expect(deep.squares).toBeLessThanOrEqual(2000 + 6);
  }, 180_000);

  it('opens the report of a 1,500-trial run a page at a time, drawing trial text as text', async () => {
    // 10,000 trials, with a bound on the script time: html-report-large.test.ts (slow tier).
    await expectLargeReportOpens(browser, folder, stored, 150);
  }, 120_000);
});
