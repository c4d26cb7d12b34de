// Reports at scale: for runs of 10,000 and 100,000 trials (copies of a
// real simulated run of the support suite, 10 trials a task, held in
// memory), the time buildScorecard takes (first build in its process, as
// `endstate report` does it, then again), the time renderHtmlReport takes
// and the page's size, and the process's peak memory. Each size is
// measured in a process of its own, started with a bounded heap, so its
// peak resident memory is its own. Prints one JSON object. Run by
// bench/run.mjs in a process of its own. At the smoke size (`--smoke`,
// bench/smoke.mjs): one run of 200 trials.
import { Buffer } from 'node:buffer';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { round } from './measure.mjs';
import { pickSize, sizeArgs, smokeMark } from './smoke.mjs';

const root = resolve(import.meta.dirname, '..');
const SIZES = pickSize(
  (process.env.BENCH_REPORT_SCALE_TRIALS ?? '10000,100000').split(',').map(Number),
  [200],
);
const TRIALS_PER_TASK = 10;
/** The heap each size's process may use: a 100,000-trial report must fit in it. */
const HEAP_MB = 4096;

const mb = (bytes) => round(bytes / 1e6, 1);

/** One size, in this process: the figures of one run of `trials` trials copied from `sourceFile`. */
async function measureSize(trials, sourceFile) {
  const { buildScorecard, renderHtmlReport } = await import('../dist/report/index.js');
  const { buildSyntheticRun } = await import('../dist/testing/build-synthetic-run.js');
  const source = JSON.parse(readFileSync(sourceFile, 'utf8'));
  const template = readFileSync(join(root, 'dist', 'report-viewer', 'viewer.html'), 'utf8');
  const synthetic = buildSyntheticRun({
    run: source.run,
    trials: source.trials,
    tasks: Math.ceil(trials / TRIALS_PER_TASK),
    trialsPerTask: TRIALS_PER_TASK,
    runId: `scale-${trials}`,
  });
  const heapBefore = process.memoryUsage().heapUsed;
  let start = performance.now();
  const scorecard = buildScorecard(synthetic.run, synthetic.trials);
  const firstMs = performance.now() - start;
  start = performance.now();
  buildScorecard(synthetic.run, synthetic.trials);
  const againMs = performance.now() - start;
  start = performance.now();
  const html = renderHtmlReport({
    template,
    run: synthetic.run,
    scorecard,
    trials: synthetic.trials,
  });
  const renderMs = performance.now() - start;
  const memory = process.memoryUsage();
  return {
    trials: synthetic.trials.length,
    tasks: synthetic.run.suite.task_ids.length,
    build_scorecard_ms: round(firstMs, 0),
    build_scorecard_again_ms: round(againMs, 0),
    render_html_ms: round(renderMs, 0),
    html_mb: mb(Buffer.byteLength(html)),
    heap_used_mb: mb(memory.heapUsed),
    heap_of_trials_mb: mb(heapBefore),
    peak_rss_mb: round(process.resourceUsage().maxRSS / 1024, 1),
    heap_limit_mb: HEAP_MB,
  };
}

/** A real run to copy: the simulated agent with many slips, so verdicts, checks, costs and faults vary. */
async function writeSourceRun(file) {
  const { createMemoryStore, createSimulatedAgent, loadSuite, runSuite } =
    await import('../dist/index.js');
  const suite = await loadSuite(join(root, 'examples', 'support'));
  const { run, trials } = await runSuite({
    suite,
    agent: createSimulatedAgent({ slip: 0.3 }),
    trials: pickSize(3, 1),
    seed: 0,
    concurrency: 8,
    store: createMemoryStore(),
  });
  writeFileSync(file, JSON.stringify({ run, trials }));
  return trials.length;
}

const child = process.env.BENCH_REPORT_SCALE_CHILD;
if (child !== undefined) {
  const [trials, sourceFile] = JSON.parse(child);
  process.stdout.write(`${JSON.stringify(await measureSize(trials, sourceFile))}\n`);
} else {
  const folder = mkdtempSync(join(tmpdir(), 'endstate-bench-report-scale-'));
  try {
    const sourceFile = join(folder, 'source.json');
    const result = {
      ...smokeMark,
      source_trials: await writeSourceRun(sourceFile),
      trials_per_task: TRIALS_PER_TASK,
      runs: {},
    };
    for (const trials of SIZES) {
      const run = spawnSync(
        process.execPath,
        [`--max-old-space-size=${HEAP_MB}`, import.meta.filename, ...sizeArgs],
        {
          encoding: 'utf8',
          env: { ...process.env, BENCH_REPORT_SCALE_CHILD: JSON.stringify([trials, sourceFile]) },
          maxBuffer: 16 * 1024 * 1024,
        },
      );
      if (run.status !== 0) {
        const how = run.error?.message ?? `exit ${run.status ?? run.signal}`;
        throw new Error(
          `bench/report-scale.mjs at ${trials} trials failed (${how}): ${run.stderr}`,
        );
      }
      result.runs[trials] = JSON.parse(run.stdout);
    }
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
