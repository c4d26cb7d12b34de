// tau-bench airline benchmark: the oracle's trials per second and the cost
// of one trial without a store, on a suite imported from tau-bench's
// airline folder (its data cannot ship with endstate). With TAUBENCH_DIR
// set to a tau-bench checkout, its 50 test tasks; without it, the
// hand-written 8-task dataset of test/fixtures/taubench-airline-mini,
// which says little beyond that the path works. The JSON names its source.
// With TAUBENCH_DIR set it also times tau-bench's own per-trial loop on the
// same tasks (scripts/taubench-airline-gold.py --time: a fresh load of the
// data, every gold action through Env.step, calculate_reward; no model) and
// prints how many times faster endstate's oracle trial is, with and without
// the store (BENCH_PEER_ROUNDS passes over the tasks, default 1).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createOracleAgent, loadSuite } from '../dist/index.js';
import { createAirlineEnvironment, loadAirlineData } from '../dist/domains/airline/index.js';
import { importTaubench } from '../dist/import/index.js';
import { runTrial } from '../dist/trial/index.js';
import { round, storeThroughput, throughput } from './measure.mjs';
import { pickSize, smokeMark } from './smoke.mjs';

const root = join(import.meta.dirname, '..');
const checkout = process.env.TAUBENCH_DIR;
const source =
  checkout === undefined
    ? join(root, 'test/fixtures/taubench-airline-mini')
    : join(checkout, 'tau_bench/envs/airline');

async function benchAirline({ trialsPerTask, warmRuns, storeRuns }) {
  const out = mkdtempSync(join(tmpdir(), 'endstate-bench-airline-'));
  try {
    const importStart = performance.now();
    const summary = await importTaubench({ source, out });
    const importSeconds = (performance.now() - importStart) / 1000;
    // The suite's environment.ts imports endstate/airline by name; here, the build.
    const suite = await loadSuite(out, {
      importModule: async () => ({
        default: createAirlineEnvironment(loadAirlineData(join(out, 'data'))),
      }),
      taskCache: false,
    });
    const oracle = await throughput(suite, createOracleAgent(), trialsPerTask, warmRuns);
    // What the store costs: no store, the default SQLite store, durable commits.
    const oracleStoreThroughput = await storeThroughput(
      suite,
      createOracleAgent(),
      trialsPerTask,
      storeRuns,
    );

    // Per-trial cost without the store, averaged over every task once.
    const agent = createOracleAgent();
    const start = performance.now();
    for (const task of suite.tasks) {
      const record = await runTrial({
        task,
        environment: suite.environment,
        agent,
        seed: 1,
        attempt: 1,
        rerun: 0,
        runId: 'bench',
        suiteHash: suite.hash,
        systemHash: 's',
      });
      if (!record.success) throw new Error(`the oracle failed ${task.id}`);
    }
    const trialUs = ((performance.now() - start) * 1000) / suite.tasks.length;
    const peer =
      checkout === undefined ? null : peerLoop(Number(process.env.BENCH_PEER_ROUNDS ?? 1));
    const storeTrialUs = 1e6 / oracleStoreThroughput.median_trials_per_second.default_store;
    return {
      ...smokeMark,
      source: checkout === undefined ? 'test/fixtures/taubench-airline-mini' : 'TAUBENCH_DIR',
      tasks: suite.tasks.length,
      records: suite.environment.fixture.recordCount,
      known_bad: summary.knownBad,
      import_seconds: round(importSeconds, 2),
      oracle,
      oracle_store_throughput: oracleStoreThroughput,
      trial_without_store_us: round(trialUs),
      peer:
        peer === null
          ? null
          : {
              loop: 'tau-bench Env: data load, gold steps, calculate_reward',
              trials: peer.trials,
              trial_us: round((peer.seconds * 1e6) / peer.trials),
              times_slower_than_endstate_without_store: round(
                (peer.seconds * 1e6) / peer.trials / trialUs,
              ),
              times_slower_than_endstate_with_store: round(
                (peer.seconds * 1e6) / peer.trials / storeTrialUs,
              ),
            },
      peak_rss_mb: round(process.resourceUsage().maxRSS / 1024, 1),
    };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** tau-bench's own per-trial loop on the same tasks, timed in its Python. */
function peerLoop(rounds) {
  const output = execFileSync(
    'python3',
    [
      join(root, 'scripts/taubench-airline-gold.py'),
      '--taubench',
      checkout,
      '--data',
      source,
      '--time',
      String(rounds),
    ],
    { encoding: 'utf8', maxBuffer: 1 << 20 },
  );
  return JSON.parse(output);
}

// Run on its own (a process of its own keeps the memory figures about airline alone).
const result = await benchAirline({
  trialsPerTask: pickSize(Number(process.env.BENCH_AIRLINE_TRIALS ?? 8), 1),
  warmRuns: pickSize(5, 1),
  storeRuns: pickSize(3, 1),
});
process.stdout.write(`${JSON.stringify(result)}\n`);
