import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openSqliteStore, runSuite } from '../dist/index.js';

export const round = (value, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Mean microseconds per call of `work` over `count` calls (after a warm-up). */
export async function microseconds(count, work) {
  for (let i = 0; i < Math.min(200, count); i++) await work(i);
  const start = performance.now();
  for (let i = 0; i < count; i++) await work(i);
  return round(((performance.now() - start) * 1000) / count);
}

/** One whole run with the SQLite store on, as the CLI runs it (trials read back from the store). */
async function timedRun(suite, agent, trialsPerTask, seed) {
  const folder = mkdtempSync(join(tmpdir(), 'endstate-bench-'));
  const store = openSqliteStore(join(folder, 'endstate.db'));
  const start = performance.now();
  const { run } = await runSuite({
    suite,
    agent,
    trials: trialsPerTask,
    concurrency: 8,
    seed,
    store,
    collect: false,
  });
  const seconds = (performance.now() - start) / 1000;
  const trials = await store.listTrials(run.run_id);
  await store.close();
  rmSync(folder, { recursive: true, force: true });
  return {
    trials: trials.length,
    seconds,
    successes: trials.filter((trial) => trial.success).length,
  };
}

/**
 * Trials per second of whole runs: the first run (code not yet optimised
 * by the JIT) and then `repeats` more, reported by their median and best.
 * Wall-clock figures on a shared machine vary by tens of percent.
 */
export async function throughput(suite, agent, trialsPerTask, repeats = 0) {
  const first = await timedRun(suite, agent, trialsPerTask, 1);
  const peakRssMb = round(process.resourceUsage().maxRSS / 1024, 1);
  const rates = [];
  for (let repeat = 0; repeat < repeats; repeat++) {
    const timed = await timedRun(suite, agent, trialsPerTask, repeat + 2);
    rates.push(timed.trials / timed.seconds);
  }
  rates.sort((a, b) => a - b);
  return {
    trials: first.trials,
    seconds: round(first.seconds, 3),
    trials_per_second: round(first.trials / first.seconds, 0),
    ...(repeats > 0
      ? {
          warm_runs: repeats,
          warm_median_trials_per_second: round(rates[Math.floor(rates.length / 2)], 0),
          warm_best_trials_per_second: round(rates.at(-1), 0),
        }
      : {}),
    success_rate: round(first.successes / first.trials, 4),
    peak_rss_mb_after_first_run: peakRssMb,
  };
}
