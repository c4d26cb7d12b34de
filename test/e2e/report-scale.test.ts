import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REPO } from './run-cli.js';

/** The heap a 100,000-trial report must fit in; the records themselves take about a quarter of it. */
const HEAP_MB = 1024;

/**
 * What `endstate report --html` and `endstate view` do with a stored run,
 * on 100,000 trials (10,000 tasks × 10, copies of a simulated support
 * run) held in memory: the scorecard, then the page. Prints the page's
 * size and the heap in use at the end.
 */
const SCRIPT = `
const dist = ${JSON.stringify(pathToFileURL(join(REPO, 'dist')).href)};
const { readFileSync } = await import('node:fs');
const { createMemoryStore, createSimulatedAgent, loadSuite, runSuite } = await import(dist + '/index.js');
const { buildScorecard, renderHtmlReport } = await import(dist + '/report/index.js');
const { buildSyntheticRun } = await import(dist + '/testing/build-synthetic-run.js');
const suite = await loadSuite(${JSON.stringify(join(REPO, 'examples', 'support'))});
const source = await runSuite({
  suite, agent: createSimulatedAgent({ slip: 0.3 }), trials: 2, seed: 0, concurrency: 8,
  store: createMemoryStore(),
});
const { run, trials } = buildSyntheticRun({ run: source.run, trials: source.trials, tasks: 10000, trialsPerTask: 10 });
const scorecard = buildScorecard(run, trials);
const template = readFileSync(${JSON.stringify(join(REPO, 'dist', 'report-viewer', 'viewer.html'))}, 'utf8');
const html = renderHtmlReport({ template, run, scorecard, trials });
process.stdout.write(JSON.stringify({ trials: trials.length, html_chars: html.length, heap_used_mb: process.memoryUsage().heapUsed / 1e6 }));
`;

describe('a report of 100,000 trials', () => {
  it(`is built, scorecard and HTML page, within a ${HEAP_MB} MB heap`, () => {
    const child = spawnSync(
      process.execPath,
      [`--max-old-space-size=${HEAP_MB}`, '--input-type=module', '--eval', SCRIPT],
      { encoding: 'utf8', maxBuffer: 1024 * 1024 },
    );
    expect(child.stderr).toBe('');
    expect(child.status).toBe(0);
    const figures = JSON.parse(child.stdout) as { trials: number; html_chars: number };
    expect(figures.trials).toBe(100_000);
    expect(figures.html_chars).toBeGreaterThan(0);
  }, 600_000);
});
