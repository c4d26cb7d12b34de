// Retail (tau-bench) benchmarks: throughput over the whole suite with the
// store on (and with no store, the default store and durable writes),
// per-trial overhead, peak RSS, and how reset and grading scale with the
// fixture's size. At the smoke size (`--smoke`, bench/smoke.mjs) the
// same on the suite's first 20 tasks, with a fixture scaled 1x and 2x.
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createOracleAgent, loadSuite } from '../dist/index.js';
import { createRetailEnvironment, loadRetailData } from '../dist/domains/retail/index.js';
import { createWorkingState } from '../dist/state/index.js';
import { gradeFinalState, runTrial } from '../dist/trial/index.js';
import { microseconds, round, storeThroughput, throughput } from './measure.mjs';
import { isSmoke, pickSize, smokeMark } from './smoke.mjs';

/** Tasks the smoke size plays, from the start of the suite. */
const SMOKE_TASKS = 20;

/** The retail data with every user, order and product copied `factor` times under new ids. */
function scaledData(data, factor) {
  const scale = (records) => {
    const out = { ...records };
    for (let copy = 1; copy < factor; copy++) {
      for (const [id, record] of Object.entries(records)) out[`${id}~${copy}`] = record;
    }
    return out;
  };
  return {
    ...data,
    users: scale(data.users),
    orders: scale(data.orders),
    products: scale(data.products),
  };
}

async function scalingAt(data, factor, task, repeat) {
  const environment = createRetailEnvironment(scaledData(data, factor));
  const scaledTask = { ...task, initialState: environment.fixture };
  const input = (seed) => ({
    task: scaledTask,
    environment,
    agent: createOracleAgent(),
    seed,
    attempt: 1,
    rerun: 0,
    runId: 'bench',
    suiteHash: 'h',
    systemHash: 's',
  });
  const record = await runTrial(input(1));
  if (!record.success) throw new Error(`oracle failed ${task.id} at ${factor}x`);
  return {
    records: environment.fixture.recordCount,
    reset_us: await microseconds(repeat, () => {
      const state = createWorkingState(scaledTask.initialState);
      if (state.hash() !== scaledTask.initialState.hash)
        throw new Error('reset verification failed');
    }),
    grading_us: await microseconds(repeat, () =>
      gradeFinalState({
        task: scaledTask,
        environment,
        diff: record.state_diff,
        events: record.events,
        finalAnswer: null,
      }),
    ),
    trial_us: await microseconds(repeat, (i) => runTrial(input(i))),
  };
}

async function benchRetail({ suitePath, trialsPerTask, repeat, warmRuns, storeRuns, factors }) {
  const wholeSuite = await loadSuite(suitePath);
  const suite = isSmoke
    ? { ...wholeSuite, tasks: wholeSuite.tasks.slice(0, SMOKE_TASKS) }
    : wholeSuite;
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
  const perTrialStart = performance.now();
  for (const task of suite.tasks) {
    await runTrial({
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
  }
  const trialUs = ((performance.now() - perTrialStart) * 1000) / suite.tasks.length;

  const data = loadRetailData(join(suitePath, 'data'));
  const task =
    wholeSuite.tasks.find((candidate) => candidate.id === 'test-000') ?? wholeSuite.tasks[0];
  const scaling = {};
  for (const factor of factors) scaling[`${factor}x`] = await scalingAt(data, factor, task, repeat);

  return {
    ...smokeMark,
    tasks: suite.tasks.length,
    oracle,
    oracle_store_throughput: oracleStoreThroughput,
    trial_without_store_us: round(trialUs),
    // At the end: the 100x fixture holds 155,000 records.
    peak_rss_mb_with_scaling: round(process.resourceUsage().maxRSS / 1024, 1),
    scaling_task: task.id,
    scaling,
  };
}

// Run on its own (a process of its own keeps the memory figures about retail alone).
const result = await benchRetail({
  suitePath: join(import.meta.dirname, '..', 'examples', 'retail'),
  trialsPerTask: pickSize(Number(process.env.BENCH_RETAIL_TRIALS ?? 8), 1),
  repeat: pickSize(500, 3),
  warmRuns: pickSize(5, 1),
  storeRuns: pickSize(3, 1),
  factors: pickSize([1, 10, 100], [1, 2]),
});
process.stdout.write(`${JSON.stringify(result)}\n`);
