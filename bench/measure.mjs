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

/**
 * Trials per second of a whole run with the SQLite store on (as the CLI
 * runs it: trials read back from the store, not held in memory).
 */
export async function throughput(suite, agent, trialsPerTask) {
  const folder = mkdtempSync(join(tmpdir(), 'endstate-bench-'));
  const store = openSqliteStore(join(folder, 'endstate.db'));
  const start = performance.now();
  const { run } = await runSuite({
    suite,
    agent,
    trials: trialsPerTask,
    concurrency: 8,
    seed: 1,
    store,
    collect: false,
  });
  const seconds = (performance.now() - start) / 1000;
  const trials = await store.listTrials(run.run_id);
  await store.close();
  rmSync(folder, { recursive: true, force: true });
  return {
    trials: trials.length,
    seconds: round(seconds, 3),
    trials_per_second: round(trials.length / seconds, 0),
    success_rate: round(trials.filter((trial) => trial.success).length / trials.length, 4),
  };
}
