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

/** Trials each timed run keeps in flight (fewer trials share a group commit at lower concurrency). */
const CONCURRENCY = 8;

/**
 * A store that keeps nothing: runs are remembered (the runner reads them
 * back), trials only counted. What a run costs without any store.
 */
function createNoStore() {
  const runs = new Map();
  const counts = { trials: 0, successes: 0 };
  return {
    counts,
    createRun: async (run) => void runs.set(run.run_id, run),
    putTrial: async (trial) => {
      counts.trials++;
      if (trial.success) counts.successes++;
    },
    finishRun: async (runId, status, finishedAt) =>
      void runs.set(runId, { ...runs.get(runId), status, finished_at: finishedAt }),
    getRun: async (runId) => runs.get(runId),
    latestRun: async () => [...runs.values()].at(-1),
    listRuns: async () => [...runs.values()],
    listTrials: async () => [],
    close: async () => undefined,
  };
}

/**
 * One whole run as the CLI runs it, with `store`: `default` (SQLite),
 * `durable` (SQLite, every commit synced to disk) or `none` (trials
 * counted, not kept). SQLite runs read their trials back from the store.
 */
async function timedRun(suite, agent, trialsPerTask, seed, store = 'default', faults = undefined) {
  const noStore = store === 'none' ? createNoStore() : undefined;
  const folder = noStore === undefined ? mkdtempSync(join(tmpdir(), 'endstate-bench-')) : undefined;
  const runStore =
    noStore ?? openSqliteStore(join(folder, 'endstate.db'), { durable: store === 'durable' });
  const start = performance.now();
  const { run } = await runSuite({
    suite,
    agent,
    trials: trialsPerTask,
    concurrency: CONCURRENCY,
    seed,
    store: runStore,
    collect: false,
    ...(faults === undefined ? {} : { faults }),
  });
  const seconds = (performance.now() - start) / 1000;
  const trials = noStore === undefined ? await runStore.listTrials(run.run_id) : undefined;
  // Closing checkpoints what is left in the WAL: after the run, outside its time.
  const closeStart = performance.now();
  await runStore.close();
  const closeMs = performance.now() - closeStart;
  if (folder !== undefined) rmSync(folder, { recursive: true, force: true });
  return {
    trials: trials?.length ?? noStore.counts.trials,
    seconds,
    closeMs,
    successes: trials?.filter((trial) => trial.success).length ?? noStore.counts.successes,
  };
}

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Trials per second of whole runs with no store, the default SQLite store
 * and the durable one (`synchronous = FULL`), `repeats` runs each, the
 * three kinds taking turns (in a rotating order) so that drift of the
 * machine's speed falls on all of them alike. Medians, and the best run of
 * each (on a busy machine other work only ever slows a run down). Run it
 * after a warm-up.
 */
export async function storeThroughput(suite, agent, trialsPerTask, repeats = 5) {
  const kinds = ['none', 'default', 'durable'];
  const rates = { none: [], default: [], durable: [] };
  let trials = 0;
  for (let repeat = 0; repeat < repeats; repeat++) {
    for (let turn = 0; turn < kinds.length; turn++) {
      const kind = kinds[(repeat + turn) % kinds.length];
      const timed = await timedRun(suite, agent, trialsPerTask, 100 + repeat, kind);
      trials = timed.trials;
      rates[kind].push(timed.trials / timed.seconds);
    }
  }
  const figures = (pick) => ({
    no_store: round(pick(rates.none), 0),
    default_store: round(pick(rates.default), 0),
    durable_store: round(pick(rates.durable), 0),
  });
  const medians = figures(median);
  return {
    trials,
    concurrency: CONCURRENCY,
    runs_each: repeats,
    median_trials_per_second: medians,
    best_trials_per_second: figures((values) => Math.max(...values)),
    // Shares of throughput lost (medians): to the default store against no
    // store, and to durable commits against the default store.
    default_store_cost_percent: round((1 - medians.default_store / medians.no_store) * 100, 1),
    durable_cost_percent: round((1 - medians.durable_store / medians.default_store) * 100, 1),
  };
}

/**
 * What fault injection costs: trials per second of whole runs (default
 * store) without and with `faults` added to every task, taking turns.
 * The faults should not wait (delay 0), so that the figure is the
 * harness's own work: matching calls, drawing, recording, planting text.
 */
export async function faultThroughput(suite, agent, trialsPerTask, faults, repeats = 5) {
  const rates = { without: [], with: [] };
  let successesWithFaults = 0;
  for (let repeat = 0; repeat < repeats; repeat++) {
    for (const kind of repeat % 2 === 0 ? ['without', 'with'] : ['with', 'without']) {
      const timed = await timedRun(
        suite,
        agent,
        trialsPerTask,
        200 + repeat,
        'default',
        kind === 'with' ? faults : undefined,
      );
      rates[kind].push(timed.trials / timed.seconds);
      if (kind === 'with') successesWithFaults = timed.successes;
    }
  }
  const without = median(rates.without);
  const withFaults = median(rates.with);
  return {
    runs_each: repeats,
    median_trials_per_second: {
      without_faults: round(without, 0),
      with_faults: round(withFaults, 0),
    },
    best_trials_per_second: {
      without_faults: round(Math.max(...rates.without), 0),
      with_faults: round(Math.max(...rates.with), 0),
    },
    fault_cost_percent: round((1 - withFaults / without) * 100, 1),
    successes_with_faults: successesWithFaults,
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
  const closeMs = [first.closeMs];
  for (let repeat = 0; repeat < repeats; repeat++) {
    const timed = await timedRun(suite, agent, trialsPerTask, repeat + 2);
    rates.push(timed.trials / timed.seconds);
    closeMs.push(timed.closeMs);
  }
  rates.sort((a, b) => a - b);
  const warmMedian = rates.length > 0 ? rates[Math.floor(rates.length / 2)] : undefined;
  return {
    trials: first.trials,
    // The first run of the process: the JIT and V8's young generation are
    // still warming up (a single CLI run is such a run).
    first_run_seconds: round(first.seconds, 3),
    first_run_trials_per_second: round(first.trials / first.seconds, 0),
    ...(repeats > 0
      ? {
          warm_runs: repeats,
          warm_median_trials_per_second: round(warmMedian, 0),
          warm_best_trials_per_second: round(rates.at(-1), 0),
          // What the first run takes beyond a warm run of the same trials:
          // the process's one-time warm-up (the JIT compiling the trial
          // path, the store's writer thread starting), paid once whatever
          // the run's size.
          first_run_extra_seconds: round(first.seconds - first.trials / warmMedian, 3),
        }
      : {}),
    success_rate: round(first.successes / first.trials, 4),
    // Closing the store after a run (the rest of the WAL is checkpointed).
    median_store_close_ms: round(median(closeMs), 1),
    peak_rss_mb_after_first_run: peakRssMb,
  };
}
