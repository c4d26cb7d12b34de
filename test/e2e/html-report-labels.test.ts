import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadViewerTemplate } from '../../src/cli/load-viewer-template.js';
import { renderHtmlReport } from '../../src/report/index.js';
import type { Scorecard } from '../../src/report/index.js';
import type { RunRecord, TrialRecord } from '../../src/schema/index.js';
import { BROWSER_SKIP_TITLE, chromiumForTests, launchChromium, recordPage } from './chromium.js';
import { startFakeOpenAiServer, textReply, toolCallReply } from '../../src/testing/index.js';
import type { FakeReply } from '../../src/testing/index.js';
import { copyExample, runCliHere } from './run-cli.js';

const CHROMIUM = chromiumForTests();
// Said in the test summary, not only counted among the skipped tests.
it.skipIf(CHROMIUM !== undefined)(BROWSER_SKIP_TITLE, () => {});

interface Stored {
  readonly run: RunRecord;
  readonly scorecard: Scorecard;
  readonly trials: TrialRecord[];
}

/** The parts of the page that show figures (not the trace, which quotes tools and state fields). */
const FIGURE_SCOPES = ['#top', '#scorecard', '#reasons', '#curves'];

/** A name made for code: `incompatible_trials`, `wait_ms`. */
const SNAKE_CASE = /\b[a-z]+_[a-z_]+\b/g;

interface Scope {
  readonly selector: string;
  /** The scope's text, without the data it quotes as recorded (`code.datum`: tool names, error codes, messages) chart marks and the charts' style sheets. */
  readonly text: string;
  /** Preformatted blocks: where raw JSON would show. */
  readonly pre: number;
  /** Figure labels (row and column heads, stat labels) without a definition on hover. */
  readonly undefinedLabels: string[];
}

/** Run in the page (as text: the tests' types have no DOM): each scope's text, blocks and labels. */
const READ_SCOPES = `(selectors) => selectors.map((selector) => {
  const element = document.querySelector(selector);
  if (element === null) return { selector, text: '', pre: -1, undefinedLabels: [] };
  const copy = element.cloneNode(true);
  copy.querySelectorAll('code.datum, svg, style').forEach((node) => node.remove());
  return {
    selector,
    text: copy.textContent ?? '',
    pre: element.querySelectorAll('pre').length,
    undefinedLabels: [...element.querySelectorAll('dt, th, .stat-label')]
      .filter((label) => (label.getAttribute('title') ?? '').trim() === '')
      .map((label) => label.textContent ?? ''),
  };
})`;

async function scopes(page: Page): Promise<Scope[]> {
  return page.evaluate<Scope[]>(`(${READ_SCOPES})(${JSON.stringify(FIGURE_SCOPES)})`);
}

/** Whatever in the figure sections reads as code: snake_case names, JSON, labels with no definition. */
function problems(found: readonly Scope[]): Record<string, unknown> {
  return Object.fromEntries(
    found.map((scope) => [
      scope.selector,
      {
        snakeCase: [...new Set(scope.text.match(SNAKE_CASE) ?? [])],
        json: scope.pre !== 0 || /[{}]|"\w+"\s*:/.test(scope.text),
        undefinedLabels: scope.undefinedLabels,
      },
    ]),
  );
}

const CLEAN = { snakeCase: [], json: false, undefinedLabels: [] };

describe.skipIf(CHROMIUM === undefined)('the HTML report reads as a report', () => {
  let browser: Browser;
  let folder: string;
  let stored: Stored;

  async function open(file: string): Promise<{ page: Page; errors: string[] }> {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const recorder = recordPage(page);
    await page.goto(pathToFileURL(file).href);
    await page.waitForSelector('html[data-ready="true"]');
    return { page, errors: recorder.errors };
  }

  /** The report of the stored run with a changed scorecard or run, written beside it. */
  function rendered(name: string, change: { run?: RunRecord; scorecard?: Scorecard }): string {
    const file = join(folder, name);
    writeFileSync(
      file,
      renderHtmlReport({
        template: loadViewerTemplate(),
        run: change.run ?? stored.run,
        scorecard: change.scorecard ?? stored.scorecard,
        trials: stored.trials,
        workingFolder: folder,
      }),
    );
    return file;
  }

  beforeAll(async () => {
    // The suite inside the working folder, so its absolute path holds the temp folder's.
    folder = copyExample('support');
    const ran = await runCliHere(
      ['run', join(folder, 'support'), '--agent', 'simulated', '--slip', '0.3'],
      folder,
    );
    expect(ran.stderr).not.toMatch(/error/i);
    const reported = await runCliHere(
      ['report', 'latest', '--html', 'report.html', '--json', 'run.json'],
      folder,
    );
    expect(reported.code).toBe(0);
    stored = JSON.parse(readFileSync(join(folder, 'run.json'), 'utf8')) as Stored;
    browser = await launchChromium(CHROMIUM!);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('labels every figure in words with a definition, and shows no snake_case name or raw JSON', async () => {
    // The run has what used to show as field names: faults, constraints, plans, partial credit, failure labels, agent errors.
    const card = stored.scorecard;
    expect(card.faults).not.toBeNull();
    expect(card.constraints_pass).not.toBeNull();
    expect(card.plans).not.toBeNull();
    expect(card.partial).not.toBeNull();
    expect(card.agent_error_kinds.occurrences).toBeGreaterThan(0);
    const { page, errors } = await open(join(folder, 'report.html'));
    const found = await scopes(page);
    expect(found.map((scope) => scope.text.length).every((length) => length > 0)).toBe(true);
    expect(problems(found)).toEqual(Object.fromEntries(FIGURE_SCOPES.map((s) => [s, CLEAN])));
    const scorecard = await page.locator('#scorecard').innerText();
    expect(scorecard).toContain('Harness-incompatible trials');
    expect(scorecard).not.toContain('More figures');
    expect(scorecard).toMatch(
      /All constraint checks\s+[\d.]+% \(\d+\/\d+ checks\) · by task [\d.]+% \[[\d.]+%, [\d.]+%\]/,
    );
    const definition = await page
      .locator('#scorecard dt', { hasText: 'Harness-incompatible trials' })
      .getAttribute('title');
    expect(definition).toMatch(/could not use the tool protocol/);
    // An agent error's example opens its trial.
    await page.locator('#agent-errors a[data-trial]').first().click();
    await page.waitForSelector('#trace[data-loaded]');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps the temp folder out of the page and shows the suite relative to the working folder', async () => {
    // --json names the suite relative to the working folder too; the store keeps it absolute.
    expect(stored.run.suite.path).toBe('support');
    const html = readFileSync(join(folder, 'report.html'), 'utf8');
    expect(html).not.toContain(folder);
    const { page } = await open(join(folder, 'report.html'));
    expect(await page.locator('#system dl.facts').innerText()).toContain('support (support)');
    await page.close();
    const outside = renderHtmlReport({
      template: loadViewerTemplate(),
      run: { ...stored.run, suite: { ...stored.run.suite, path: join(folder, 'support') } },
      scorecard: stored.scorecard,
      trials: stored.trials,
      workingFolder: join(folder, 'elsewhere'),
    });
    expect(outside).not.toContain(folder);
  });

  it('states an in-process agent’s sandbox neutrally and an unisolated program’s as a warning', async () => {
    const neutral = await open(join(folder, 'report.html'));
    expect(await neutral.page.locator('#isolation').getAttribute('class')).toBe('subtitle');
    expect(await neutral.page.locator('#isolation').innerText()).toContain('not applicable');
    await neutral.page.close();
    const run = {
      ...stored.run,
      system: { ...stored.run.system, agent: { ...stored.run.system.agent, kind: 'command' } },
    };
    const scorecard: Scorecard = {
      ...stored.scorecard,
      sandbox: { kind: 'none', network: 'host', env: [], mounts: [] },
      isolation: 'none: the agent ran UNISOLATED (--no-sandbox)',
    };
    const { page } = await open(rendered('unisolated.html', { run, scorecard }));
    expect(await page.locator('#isolation').getAttribute('class')).toBe('subtitle warn');
    await page.close();
  });

  it('labels model usage, unpriced cost, prices and a figure it does not know, without code names', async () => {
    const card = stored.scorecard;
    const scorecard = {
      ...card,
      counts: { ...card.counts, incompatible_trials: 1 },
      incompatibility_example: 'the model answered without the tool protocol',
      model_usage: {
        calls: 40,
        input_tokens: 12_000,
        output_tokens: 3_000,
        cached_input_tokens: 4_000,
        retries: 2,
        wait_ms: 1_500,
        user_simulator_calls: 7,
      },
      cost: {
        ...card.cost,
        total_usd: null,
        per_trial_usd: null,
        per_success_usd: null,
        per_success_ci95: null,
        mean_success_usd: null,
        priced_usd: 0.0123,
        unpriced_trials: 3,
      },
      pricing: {
        sources: [{ kind: 'shipped', path: 'endstate/pricing.json', sha256: 'a'.repeat(64) }],
        models: {
          'openai:gpt-4o-mini': {
            price: { input: 0.15, output: 0.6 },
            source: 'endstate/pricing.json',
          },
          'local:llama_3': null,
        },
      },
      // A figure added after this viewer was written.
      queue_wait_ms: { p50: 120, median_rate: 0.25, success_ci95: [0.1, 0.4] },
    } as Scorecard;
    const { page, errors } = await open(rendered('usage.html', { scorecard }));
    expect(problems(await scopes(page))).toEqual(
      Object.fromEntries(FIGURE_SCOPES.map((s) => [s, CLEAN])),
    );
    const text = await page.locator('#scorecard').innerText();
    expect(text).toMatch(/Cached input tokens\s+4,000/);
    expect(text).toMatch(/Waiting on providers\s+1\.50 s/);
    expect(text).toMatch(/Unpriced attempts\s+3/);
    expect(text).toMatch(/Per success\s+unknown/);
    expect(text).toContain('Prices applied');
    expect(text).toMatch(/Queue wait \(ms\)/);
    expect(text).toMatch(/Success 95% CI\s+\[10\.0%, 40\.0%\]/);
    expect(text).toMatch(/Median rate\s+25\.0%/);
    expect(errors).toEqual([]);
    await page.close();
  });
  it('reports an llm agent’s run with its model usage in words and its sandbox as a neutral fact', async () => {
    // change-flight-017's reference path, as a model would play it, after the preflight.
    const replies: FakeReply[] = [
      toolCallReply('get_reservation', { id: 'R7K2' }),
      toolCallReply('search_flights', { origin: 'JFK', dest: 'CDG', date: '2026-10-09' }),
      textReply('AF125 on Friday is economy and costs $80 more. Shall I go ahead and move you?'),
      toolCallReply('update_reservation', { id: 'R7K2', flight: 'AF125' }),
      textReply('Done: you are on AF125 on Friday; the $80 fare difference was charged.'),
    ];
    let index = 0;
    const server = await startFakeOpenAiServer((body) =>
      JSON.stringify(body.messages).includes('Reply with the word OK.')
        ? textReply('OK')
        : (replies[index++] ?? textReply('All done.')),
    );
    const cwd = copyExample('airline');
    try {
      const ran = await runCliHere(
        [
          'run',
          join(cwd, 'airline'),
          '--tasks',
          'change-flight-017',
          '--agent',
          'llm',
          '--model',
          `openai-compatible:${server.url}#fake-model`,
        ],
        cwd,
      );
      expect(ran.stderr).not.toMatch(/error/i);
      expect((await runCliHere(['report', 'latest', '--html', 'llm.html'], cwd)).code).toBe(0);
    } finally {
      await server.close();
    }
    const file = join(cwd, 'llm.html');
    expect(readFileSync(file, 'utf8')).not.toContain(cwd);
    const { page, errors } = await open(file);
    expect(problems(await scopes(page))).toEqual(
      Object.fromEntries(FIGURE_SCOPES.map((s) => [s, CLEAN])),
    );
    expect(await page.locator('#isolation').getAttribute('class')).toBe('subtitle');
    expect(await page.locator('#isolation').innerText()).toContain('not applicable');
    const usage = await page.locator('#scorecard').innerText();
    expect(usage).toMatch(/Model calls\s+5/);
    expect(usage).toMatch(/Cached input tokens\s+\d/);
    expect(usage).toMatch(/Unpriced attempts\s+1/);
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);
});
