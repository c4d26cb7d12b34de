import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { loadViewerTemplate } from '../../src/cli/load-viewer-template.js';
import { buildScorecard, renderHtmlReport } from '../../src/report/index.js';
import type { RunRecord, TrialRecord } from '../../src/schema/index.js';
import { buildSyntheticRun } from '../../src/testing/build-synthetic-run.js';
import { recordPage, startScriptTimer } from './chromium.js';

/** Markup in a trial's text: shown as text, it fetches nothing and runs nothing. */
export const HOSTILE =
  '<img src="https://example.invalid/x.png" onerror="console.error(1)"></script><b>';

/**
 * Writes the report of a synthetic run of `tasks` tasks × 10 trials, made
 * from a stored run, into `folder`; opens it and checks that the first page
 * of 100 tasks is drawn (not every trial), that the first and last trials
 * load their traces, drawing trial text as text, with no request and no
 * error. Returns the seconds of script the page ran before it was ready
 * and the page's JavaScript heap in use once it was, in MB.
 */
export async function expectLargeReportOpens(
  browser: Browser,
  folder: string,
  stored: { readonly run: RunRecord; readonly trials: TrialRecord[] },
  tasks: number,
): Promise<{ scriptS: number; heapMb: number }> {
  const synthetic = buildSyntheticRun({
    run: stored.run,
    trials: stored.trials,
    tasks,
    trialsPerTask: 10,
  });
  const [first, ...rest] = synthetic.trials;
  const hostile: TrialRecord = {
    ...first!,
    events: [{ t_ms: 0, kind: 'user', text: HOSTILE, source: 'instruction' }, ...first!.events],
  };
  const trials = [hostile, ...rest];
  const last = trials.length - 1;
  const file = join(folder, `large-${trials.length}.html`);
  writeFileSync(
    file,
    renderHtmlReport({
      template: loadViewerTemplate(),
      run: synthetic.run,
      scorecard: buildScorecard(synthetic.run, trials),
      trials,
    }),
  );

  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  const recorder = recordPage(page);
  const readTimer = await startScriptTimer(page);
  const url = pathToFileURL(file).href;
  await page.goto(url);
  await page.waitForSelector('html[data-ready="true"]');
  const { scriptS, taskS } = await readTimer();
  const heapMb = await jsHeapMb(page);
  console.log(
    `${trials.length}-trial report: ${(statSync(file).size / 1e6).toFixed(1)} MB, script ${(scriptS * 1000).toFixed(0)} ms, main-thread tasks ${(taskS * 1000).toFixed(0)} ms, JavaScript heap ${heapMb.toFixed(0)} MB`,
  );
  // A page of 100 tasks × 10 trials is drawn, not all of them.
  expect(await page.locator('#grid button.cell').count()).toBe(Math.min(tasks, 100) * 10);

  await page.evaluate("location.hash = 'trial=0'");
  await page.waitForSelector('#trace[data-loaded="0"]');
  expect(await page.locator('#trace .event.user .text').first().innerText()).toBe(HOSTILE);
  expect(await page.locator('#trace img').count()).toBe(0);
  await page.evaluate(`location.hash = 'trial=${last}'`);
  await page.waitForSelector(`#trace[data-loaded="${last}"]`);
  expect(await page.locator('#trace h2').innerText()).toContain(trials[last]!.task_id);
  expect(recorder.requests).toEqual([url]);
  expect(recorder.errors).toEqual([]);
  await page.close();
  return { scriptS, heapMb };
}

/** The page's JavaScript heap in use, in MB, as Chromium counts it (after a collection when the page may ask for one). */
async function jsHeapMb(page: Page): Promise<number> {
  const session = await page.context().newCDPSession(page);
  await session.send('HeapProfiler.collectGarbage');
  const { usedSize } = await session.send('Runtime.getHeapUsage');
  await session.detach();
  return usedSize / 1e6;
}
