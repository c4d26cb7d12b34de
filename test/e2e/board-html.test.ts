import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadViewerTemplate } from '../../src/cli/load-viewer-template.js';
import { buildBoard, renderBoardHtml } from '../../src/report/index.js';
import type { Board, BoardSet } from '../../src/report/index.js';
import type { RunRecord, TrialRecord } from '../../src/schema/index.js';
import type { PageRecorder } from './chromium.js';
import { BROWSER_SKIP_TITLE, chromiumForTests, launchChromium, recordPage } from './chromium.js';
import { REPO, example, runCliHere, tempFolder } from './run-cli.js';

const CHROMIUM = chromiumForTests();
// Said in the test summary, not only counted among the skipped tests.
it.skipIf(CHROMIUM !== undefined)(BROWSER_SKIP_TITLE, () => {});

interface Stored {
  readonly run: RunRecord;
  readonly trials: TrialRecord[];
}

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

/** A linear scale as the chart's data attributes give it, applied independently of the chart library. */
async function scaleOf(chart: Locator, axis: 'x' | 'y'): Promise<(value: number) => number> {
  const read = async (name: string) =>
    JSON.parse((await chart.getAttribute(`data-${axis}-${name}`)) ?? 'null') as [number, number];
  const [d0, d1] = await read('domain');
  const [r0, r1] = await read('range');
  return (value) => r0 + ((value - d0) / (d1 - d0)) * (r1 - r0);
}

/** The vertices of an SVG path made of M and L commands. */
function vertices(d: string): [number, number][] {
  return [...d.matchAll(/[ML]\s*(-?[\d.]+)[ ,](-?[\d.]+)/g)].map((match) => [
    Number(match[1]),
    Number(match[2]),
  ]);
}

/** Every check of one board's chart against the board's data. */
async function expectChartMatches(page: Page, board: Board, index: number): Promise<void> {
  const chart = page.locator(`#board-${index + 1} .frontier-chart`);
  const x = await scaleOf(chart, 'x');
  const y = await scaleOf(chart, 'y');
  const placed = board.runs.filter(
    (run) => run.frontier === 'frontier' || run.frontier === 'dominated',
  );
  const dots = chart.locator('g.runs circle');
  expect(await dots.count()).toBe(placed.length);
  const drawn: { id: string; cx: number; cy: number }[] = [];
  for (let at = 0; at < placed.length; at++) {
    const circle = dots.nth(at);
    drawn.push({
      id: ((await circle.locator('title').textContent()) ?? '').split('\n')[0]!,
      cx: Number(await circle.getAttribute('cx')),
      cy: Number(await circle.getAttribute('cy')),
    });
  }
  for (const run of placed) {
    const dot = drawn.find((entry) => entry.id === run.run_id);
    expect(dot, run.run_id).toBeDefined();
    expect(Math.abs(dot!.cx - x(run.cost.per_trial_usd!))).toBeLessThan(0.6);
    expect(Math.abs(dot!.cy - y(run.success_rate.value))).toBeLessThan(0.6);
  }
  const labels = await chart.locator('g.labels text').allTextContents();
  expect([...labels].sort()).toEqual(placed.map((run) => run.label).sort());
  const path = (await chart.locator('g.frontier path').getAttribute('d')) ?? '';
  const byId = new Map(board.runs.map((run) => [run.run_id, run]));
  const expected = board.frontier.map((id) => {
    const run = byId.get(id)!;
    return [x(run.cost.per_trial_usd!), y(run.success_rate.value)];
  });
  const points = vertices(path);
  expect(points).toHaveLength(expected.length);
  points.forEach(([px, py], at) => {
    expect(Math.abs(px - expected[at]![0]!)).toBeLessThan(0.6);
    expect(Math.abs(py - expected[at]![1]!)).toBeLessThan(0.6);
  });
  const rows = page.locator(`#board-${index + 1} table.board-runs tbody tr`);
  expect(await rows.count()).toBe(board.runs.length);
  expect(await rows.locator('td:nth-child(2)').allInnerTexts()).toEqual(
    board.runs.map((run) => run.run_id),
  );
}

/** The run's trials at a cost per attempt of `usd` (and one unpriced attempt when `usd` is null). */
function priced({ run, trials }: Stored, runId: string, usd: number | null): Stored {
  return {
    run: { ...run, run_id: runId },
    trials: trials.map((trial, index) => ({
      ...trial,
      run_id: runId,
      usage: { ...trial.usage, cost_usd: usd === null ? (index === 0 ? null : 0.01) : usd },
    })),
  };
}

describe.skipIf(CHROMIUM === undefined)('the board page in a browser', () => {
  let browser: Browser;
  let folder: string;
  const stored: Stored[] = [];

  beforeAll(async () => {
    folder = tempFolder();
    const faults = join(REPO, 'examples/faults/support-flaky.yaml');
    const runs: [string, string[]][] = [
      ['careful', ['--slip', '0.05', '--seed', '1']],
      ['sloppy', ['--slip', '0.5', '--seed', '2']],
      ['flaky', ['--slip', '0.05', '--seed', '3', '--faults', faults]],
    ];
    for (const [name, args] of runs) {
      const ran = await runCliHere(
        [
          'run',
          example('support'),
          '--agent',
          'simulated',
          '--trials',
          '2',
          ...args,
          '--json',
          `${name}.json`,
        ],
        folder,
      );
      expect(ran.code, ran.stderr).toBe(0);
      stored.push(JSON.parse(readFileSync(join(folder, `${name}.json`), 'utf8')) as Stored);
    }
    browser = await launchChromium(CHROMIUM!);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('plots each run, the frontier and the labels of priced runs as the JSON has them, offline', async () => {
    const [careful, sloppy] = stored as [Stored, Stored];
    // The careful system costly, the sloppy one cheap, a copy of the careful one costlier still
    // (dominated), and one of unknown cost (listed, not placed).
    const set = buildBoard([
      priced(careful, 'careful', 0.02),
      priced(sloppy, 'sloppy', 0.004),
      priced(careful, 'careful-costly', 0.05),
      priced(sloppy, 'sloppy-unpriced', null),
    ]);
    const board = set.boards[0]!;
    expect(set.boards).toHaveLength(1);
    expect(board.frontier).toEqual(['sloppy', 'careful']);
    expect(board.runs.find((run) => run.run_id === 'careful-costly')?.dominated_by).toEqual([
      'careful',
    ]);
    const file = join(folder, 'priced.html');
    writeFileSync(file, renderBoardHtml({ template: loadViewerTemplate(), set }));
    const { page, recorder, url } = await open(browser, file);
    expect(await page.title()).toBe('endstate board · 4 run(s)');
    await expectChartMatches(page, board, 0);
    expect(await page.locator('#board-1 .unplaced').innerText()).toBe(
      'Listed, not placed: sloppy-unpriced (cost unknown)',
    );
    expect(await page.locator('#board-1 .frontier-line').innerText()).toMatch(
      /^Frontier: simulated:\S+ slip=0\.5 \(sloppy\) \(\d+\.\d% at \$0\.0040\/trial\) → simulated:\S+ slip=0\.05 \(careful\) \(\d+\.\d% at \$0\.0200\/trial\)$/,
    );
    expect(recorder.requests).toEqual([url]);
    expect(recorder.errors).toEqual([]);
    await page.close();
  });

  it('opens the page `board --html` writes, with a board per setting, matching `board --json`', async () => {
    const result = await runCliHere(
      ['board', '--html', 'board.html', '--json', 'board.json'],
      folder,
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('wrote board.html (opens from disk, no network)');
    const set = JSON.parse(readFileSync(join(folder, 'board.json'), 'utf8')) as BoardSet;
    expect(set.boards).toHaveLength(2);
    const { page, recorder, url } = await open(browser, join(folder, 'board.html'));
    for (const [index, board] of set.boards.entries()) await expectChartMatches(page, board, index);
    expect(await page.locator('#board-2 .separation').innerText()).toMatch(
      /^differs from board 1 in faults \(board 1 none; board 2 timeout, rate_limit, 1 injection\(s\) \([0-9a-f]{8}\)\)$/,
    );
    expect(await page.locator('nav a').allInnerTexts()).toEqual(['Board 1', 'Board 2']);
    expect(recorder.requests).toEqual([url]);
    expect(recorder.errors).toEqual([]);
    await page.close();
  });
});
