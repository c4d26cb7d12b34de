// tau2-bench benchmark: the oracle's cost per trial on a tau2 suite imported
// from a tau2 domain folder (its data cannot ship with endstate), beside
// tau2's own per-trial work on the same tasks. With TAU2_DIR set to a
// tau2-bench checkout, its retail domain (BENCH_TAU2_DOMAIN: retail or
// airline; airline needs the checkout's db.json); without it, the
// hand-written mini data of test/fixtures/tau2-retail-mini, and no peer
// figure. The peer is scripts/tau2-gold.py --time (the environment built
// from db.json, every gold action through get_response, tau2's environment
// and action evaluators; no model), BENCH_PEER_ROUNDS passes (default 1).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createOracleAgent, loadSuite } from '../dist/index.js';
import { createTau2RetailEnvironment, loadTau2RetailData } from '../dist/domains/retail/index.js';
import {
  createTau2AirlineEnvironment,
  loadTau2AirlineData,
} from '../dist/domains/airline/index.js';
import { importTau2 } from '../dist/import/index.js';
import { runTrial } from '../dist/trial/index.js';
import { median, round } from './measure.mjs';
import { pickSize, smokeMark } from './smoke.mjs';

const root = join(import.meta.dirname, '..');
const checkout = process.env.TAU2_DIR;
const domain = process.env.BENCH_TAU2_DOMAIN ?? 'retail';
const ENVIRONMENTS = {
  retail: (data) => createTau2RetailEnvironment(loadTau2RetailData(data)),
  airline: (data) => createTau2AirlineEnvironment(loadTau2AirlineData(data)),
};
if (!(domain in ENVIRONMENTS))
  throw new Error(`BENCH_TAU2_DOMAIN: retail or airline, not ${domain}`);
const source =
  checkout === undefined
    ? join(root, `test/fixtures/tau2-${domain}-mini`)
    : join(checkout, 'data/tau2/domains', domain);

/** tau2's own per-trial work on the same tasks, timed in its Python. */
function peerLoop(rounds) {
  const script = join(root, 'scripts/tau2-gold.py');
  const args = [script, '--tau2', checkout, '--domain-dir', source, '--domain', domain];
  const output = execFileSync('python3', [...args, '--time', String(rounds)], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  return JSON.parse(output);
}

const out = mkdtempSync(join(tmpdir(), 'endstate-bench-tau2-'));
try {
  const summary = await importTau2({ source, out, domain });
  // The suite's environment.ts imports endstate by name; here, the build.
  const suite = await loadSuite(out, {
    importModule: async () => ({ default: ENVIRONMENTS[domain](join(out, 'data')) }),
    taskCache: false,
  });
  // One trial of every task at a time, no store: the oracle's cost per
  // trial, the median of BENCH_TAU2_PASSES passes over the tasks (default 5)
  // after three warm-up passes (the engine is still compiling the trial path
  // in the first two).
  const agent = createOracleAgent();
  let successes = 0;
  const passUs = [];
  const passes = pickSize(Number(process.env.BENCH_TAU2_PASSES ?? 5), 1);
  const warmUp = pickSize(3, 1);
  for (let pass = 0; pass < warmUp + passes; pass++) {
    const start = performance.now();
    successes = 0;
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
      if (record.success) successes++;
    }
    if (pass >= warmUp) passUs.push(((performance.now() - start) * 1000) / suite.tasks.length);
  }
  const trialUs = median(passUs);
  const peer = checkout === undefined ? null : peerLoop(Number(process.env.BENCH_PEER_ROUNDS ?? 1));
  const result = {
    ...smokeMark,
    source: checkout === undefined ? `test/fixtures/tau2-${domain}-mini` : 'TAU2_DIR',
    domain,
    tasks: summary.tasks,
    // Tasks graded by a judge rubric (tau2's NL assertions) do not pass without a judge model.
    oracle_successes: successes,
    trial_without_store_us: round(trialUs),
    peer:
      peer === null
        ? null
        : {
            loop: "tau2 Environment: db load, gold get_response, tau2's evaluators",
            trials: peer.trials,
            trial_us: round((peer.seconds * 1e6) / peer.trials),
            times_slower_than_endstate_without_store: round(
              (peer.seconds * 1e6) / peer.trials / trialUs,
            ),
          },
    peak_rss_mb: round(process.resourceUsage().maxRSS / 1024, 1),
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
} finally {
  rmSync(out, { recursive: true, force: true });
}
