// Distributed-run benchmark: trials/s of `endstate run --queue` with 1, 2
// and 4 `endstate worker` processes against a local OpenAI-compatible fake
// provider that answers every request after 200 ms, the coordinator's CPU
// time per trial, and the wall time against the ideal (model calls ×
// latency ÷ total concurrency). Needs Redis at 127.0.0.1:6379 (or
// ENDSTATE_BENCH_REDIS_URL). Prints one JSON object. Run by bench/run.mjs
// in a process of its own; alone: `node bench/workers.mjs` (after
// `npm run build`). At the smoke size (`--smoke`, bench/smoke.mjs): one
// worker, one trial of each task, a provider answering after 20 ms.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { setTimeout } from 'node:timers';
import { URL } from 'node:url';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Queue } from 'bullmq';
import { startSlowOpenAiServer } from '../dist/testing/index.js';
import { round } from './measure.mjs';
import { pickSize, smokeMark } from './smoke.mjs';

const root = resolve(import.meta.dirname, '..');
const bin = join(root, 'bin', 'endstate.js');
const REDIS_URL = process.env.ENDSTATE_BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/0';
/** The provider's latency: 200 ms, or BENCH_WORKER_LATENCY_MS (a control with less CPU per second). */
const LATENCY_MS = pickSize(Number(process.env.BENCH_WORKER_LATENCY_MS ?? 200), 20);
/**
 * Model requests each worker's share of the run's limit allows at once: the
 * concurrency the ideal is reckoned with (the provider's, the real bound).
 */
const REQUESTS_PER_WORKER = 8;
/**
 * Trials each worker holds at once: a little above its requests, so that a
 * trial's own work (taking the job, grading, storing) overlaps the others'
 * model calls instead of leaving a request slot idle.
 */
const TRIALS_IN_FLIGHT_PER_WORKER = Number(process.env.BENCH_WORKER_IN_FLIGHT ?? 12);
/**
 * Trials per task for each worker: a run with w workers plays 64 × w trials
 * of each task (at 200 ms; fewer at a longer latency), so every run takes
 * 33.6 s at the ideal: the workers' steady rate, not the run's fixed start
 * and end, sets its time, and the runs compare with one another.
 */
const TRIALS_PER_TASK_PER_WORKER = pickSize(
  Number(process.env.BENCH_WORKER_TRIALS ?? Math.max(1, Math.round((64 * 200) / LATENCY_MS))),
  1,
);
/** The store: a SQLite file in the bench's folder, unless ENDSTATE_BENCH_STORE names another. */
const STORE = process.env.ENDSTATE_BENCH_STORE ?? '.endstate/endstate.db';
const COUNTS = (process.env.BENCH_WORKER_COUNTS ?? '').split(',').filter(Boolean).map(Number);
/** The numbers of workers, one run each: BENCH_WORKER_COUNTS, else 1, 2 and 4. */
const WORKER_COUNTS = pickSize(COUNTS.length > 0 ? COUNTS : [1, 2, 4], [1]);

function start(args, cwd, env = {}) {
  const child = spawn(
    process.execPath,
    ['--import', join(root, 'bench', 'cpu-on-exit.mjs'), bin, ...args],
    {
      cwd,
      env: { ...process.env, OPENAI_API_KEY: 'bench', NO_COLOR: '1', ...env },
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise((done) => child.on('exit', (code) => done(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

/**
 * Where a run's time went outside its trials: from the run record's
 * created_at to the first trial's start (planning, queueing, the first
 * job taken) and from the last trial's end to finished_at (following the
 * last job, checking the store, closing the run).
 */
function runEdges(run, trials) {
  const starts = trials.map((trial) => Date.parse(trial.started_at));
  const ends = trials.map((trial) => Date.parse(trial.started_at) + trial.usage.latency_ms);
  return {
    start_ms: round(Math.min(...starts) - Date.parse(run.created_at), 0),
    end_ms: round(Date.parse(run.finished_at) - Math.max(...ends), 0),
  };
}

async function waitFor(predicate, what, timeoutMs = 60_000) {
  const start = performance.now();
  while (!predicate()) {
    if (performance.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 20));
  }
}

/** The run both ways: the llm agent on the support suite, its model the slow provider. */
function runArgs(provider, workerCount) {
  return [
    'run',
    join(root, 'examples', 'support'),
    '--agent',
    'llm',
    '--model',
    `openai-compatible:${provider.url}#fake-model`,
    '--trials',
    String(TRIALS_PER_TASK_PER_WORKER * workerCount),
    '--pricing',
    'pricing.json',
    '--no-preflight',
    '--no-canary',
    '--json',
    'run.json',
  ];
}

/** The same run in one process, `concurrency` trials at a time: what the workers are up against. */
async function measureLocal(workerCount, provider) {
  const cwd = mkdtempSync(join(tmpdir(), 'endstate-bench-local-'));
  writeFileSync(
    join(cwd, 'pricing.json'),
    JSON.stringify({ models: { 'openai-compatible:fake-model': { input: 1, output: 1 } } }),
  );
  const cpuFile = join(cwd, 'local-cpu.json');
  const heldBefore = provider.heldMs();
  try {
    const local = start(
      [
        ...runArgs(provider, workerCount),
        '--concurrency',
        String(workerCount * TRIALS_IN_FLIGHT_PER_WORKER),
        '--max-concurrent-requests',
        String(workerCount * REQUESTS_PER_WORKER),
      ],
      cwd,
      { ENDSTATE_BENCH_CPU_FILE: cpuFile },
    );
    const code = await local.exited;
    if (code !== 0 && code !== 1)
      throw new Error(`the local run exited ${code}: ${local.output().stderr}`);
    const { run, trials } = JSON.parse(readFileSync(join(cwd, 'run.json'), 'utf8'));
    const cpu = JSON.parse(readFileSync(cpuFile, 'utf8'));
    const ms = Date.parse(run.finished_at) - Date.parse(run.created_at);
    return {
      ms,
      meanHeld: (provider.heldMs() - heldBefore) / ms,
      edges: runEdges(run, trials),
      cpuMsPerTrial: (cpu.user + cpu.system) / 1000 / trials.length,
    };
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
}

async function measure(workerCount, provider) {
  const cwd = mkdtempSync(join(tmpdir(), 'endstate-bench-workers-'));
  const queueName = `endstate-bench-${randomBytes(6).toString('hex')}`;
  const queueUrl = `${REDIS_URL}?queue=${queueName}`;
  writeFileSync(
    join(cwd, 'pricing.json'),
    JSON.stringify({ models: { 'openai-compatible:fake-model': { input: 1, output: 1 } } }),
  );
  const workerCpuFiles = Array.from({ length: workerCount }, (_, index) =>
    join(cwd, `worker-${index}-cpu.json`),
  );
  const workers = workerCpuFiles.map((cpuFile) =>
    start(
      [
        'worker',
        '--queue',
        queueUrl,
        // Loaded as the worker starts, as a deployed worker would have it ready.
        '--suite',
        join(root, 'examples', 'support'),
        '--concurrency',
        String(TRIALS_IN_FLIGHT_PER_WORKER),
        '--max-concurrent-requests',
        String(REQUESTS_PER_WORKER),
        '--pricing',
        'pricing.json',
      ],
      cwd,
      { ENDSTATE_BENCH_CPU_FILE: cpuFile },
    ),
  );
  let result;
  const redisCpuBefore = await redisCpuMs();
  const benchCpuBefore = process.cpuUsage();
  try {
    for (const worker of workers) {
      await waitFor(() => /^worker on /m.test(worker.output().stderr), 'a worker to start');
    }
    const callsBefore = provider.calls();
    const heldBefore = provider.heldMs();
    const lateBefore = provider.lateMs();
    const cpuFile = join(cwd, 'coordinator-cpu.json');
    const started = performance.now();
    const coordinator = start(
      [
        ...runArgs(provider, workerCount),
        // The run's request limit holds across all its workers.
        '--max-concurrent-requests',
        String(workerCount * REQUESTS_PER_WORKER),
        '--queue',
        queueUrl,
        '--queue-reconcile',
        '2000',
        '--store',
        STORE,
      ],
      cwd,
      { ENDSTATE_BENCH_CPU_FILE: cpuFile },
    );
    const code = await coordinator.exited;
    const processMs = performance.now() - started;
    if (code !== 0 && code !== 1) {
      throw new Error(`the coordinator exited ${code}: ${coordinator.output().stderr}`);
    }
    const { run, trials } = JSON.parse(readFileSync(join(cwd, 'run.json'), 'utf8'));
    const calls = provider.calls() - callsBefore;
    const runMs = Date.parse(run.finished_at) - Date.parse(run.created_at);
    const heldMs = provider.heldMs() - heldBefore;
    const concurrency = workerCount * REQUESTS_PER_WORKER;
    const idealMs = (calls * LATENCY_MS) / concurrency;
    const cpu = JSON.parse(readFileSync(cpuFile, 'utf8'));
    const benchCpu = process.cpuUsage(benchCpuBefore);
    result = {
      provider_cpu_ms_per_trial: round((benchCpu.user + benchCpu.system) / 1000 / trials.length, 2),
      workers: workerCount,
      total_concurrency: concurrency,
      trials_in_flight: workerCount * TRIALS_IN_FLIGHT_PER_WORKER,
      trials: trials.length,
      model_calls: calls,
      run_ms: round(runMs, 0),
      trials_per_s: round((trials.length * 1000) / runMs, 1),
      ideal_ms: round(idealMs, 0),
      wall_over_ideal: round(runMs / idealMs, 3),
      ...runEdges(run, trials),
      provider_mean_held: round(heldMs / runMs, 1),
      provider_late_ms: round((provider.lateMs() - lateBefore) / calls, 1),
      coordinator_process_ms: round(processMs, 0),
      coordinator_cpu_ms: round((cpu.user + cpu.system) / 1000, 0),
      coordinator_cpu_ms_per_trial: round((cpu.user + cpu.system) / 1000 / trials.length, 2),
    };
    result.redis_cpu_ms_per_trial = round(
      ((await redisCpuMs()) - redisCpuBefore) / trials.length,
      2,
    );
  } finally {
    for (const worker of workers) worker.child.kill('SIGTERM');
    await Promise.all(workers.map((worker) => worker.exited));
    const url = new URL(REDIS_URL);
    const queue = new Queue(queueName, {
      connection: { host: url.hostname, port: Number(url.port || 6379) },
      prefix: 'endstate',
    });
    await queue.obliterate({ force: true });
    await queue.close();
    if (result !== undefined) {
      // Written as each worker exits (after SIGTERM, once its jobs in flight are done).
      const workerCpuMs = workerCpuFiles
        .map((file) => JSON.parse(readFileSync(file, 'utf8')))
        .reduce((sum, cpu) => sum + (cpu.user + cpu.system) / 1000, 0);
      result.worker_cpu_ms_per_trial = round(workerCpuMs / result.trials, 2);
      result.cpu_ms_per_trial = round(
        result.worker_cpu_ms_per_trial +
          result.coordinator_cpu_ms_per_trial +
          result.redis_cpu_ms_per_trial +
          result.provider_cpu_ms_per_trial,
        2,
      );
      result.cores_busy = round((result.cpu_ms_per_trial * result.trials_per_s) / 1000, 2);
    }
    rmSync(cwd, { recursive: true, force: true });
  }
  return result;
}

/** Redis's own CPU time so far (INFO cpu), in milliseconds: the queue's and the limiter's work. */
async function redisCpuMs() {
  const url = new URL(REDIS_URL);
  const { Redis } = await import('ioredis');
  const redis = new Redis({
    host: url.hostname,
    port: Number(url.port || 6379),
    lazyConnect: true,
  });
  try {
    await redis.connect();
    const info = await redis.info('cpu');
    const field = (name) => Number(new RegExp(`^${name}:([0-9.]+)`, 'm').exec(info)?.[1] ?? 0);
    return (field('used_cpu_sys') + field('used_cpu_user')) * 1000;
  } finally {
    redis.disconnect();
  }
}

// Every chat completion answers "Done." after LATENCY_MS: one model call ends the agent's turn.
const provider = await startSlowOpenAiServer(LATENCY_MS);
try {
  const results = [];
  for (const count of WORKER_COUNTS) {
    const queued = await measure(count, provider);
    // Once the workers are gone, so that they take no CPU from it.
    const local = await measureLocal(count, provider);
    results.push({
      ...queued,
      local_run_ms: round(local.ms, 0),
      local_over_ideal: round(local.ms / queued.ideal_ms, 3),
      local_provider_mean_held: round(local.meanHeld, 1),
      local_start_ms: local.edges.start_ms,
      local_end_ms: local.edges.end_ms,
      local_cpu_ms_per_trial: round(local.cpuMsPerTrial, 2),
      wall_over_local: round(queued.run_ms / local.ms, 3),
    });
  }
  process.stdout.write(
    `${JSON.stringify(
      {
        ...smokeMark,
        latency_ms: LATENCY_MS,
        requests_per_worker: REQUESTS_PER_WORKER,
        trials_in_flight_per_worker: TRIALS_IN_FLIGHT_PER_WORKER,
        trials_per_task_per_worker: TRIALS_PER_TASK_PER_WORKER,
        cores: availableParallelism(),
        load_average_1min: round(loadavg()[0], 2),
        definitions: {
          run_ms: "the run record's created_at to finished_at: queueing, playing and closing",
          ideal_ms:
            "model calls × latency ÷ total_concurrency, the run's request limit (workers × requests per worker)",
          trials_in_flight:
            'trials held at once (workers × --concurrency): above total_concurrency, so the work around each model call overlaps the other trials’ calls',
          wall_over_ideal: 'run_ms ÷ ideal_ms (1 is the ideal)',
          start_ms:
            "the run record's created_at to the first trial's start: planning, queueing and the first job taken",
          end_ms:
            "the last trial's end to the run's finished_at: following the last job, checking the store, closing the run",
          local_run_ms:
            'the same run in one process with the same trials in flight and request limit (created_at to finished_at): on a machine short of cores, the CPU bound both share',
          wall_over_local: 'run_ms ÷ local_run_ms',
          provider_mean_held:
            'requests the provider held at once, on average over run_ms (the ideal holds total_concurrency the whole time)',
          provider_late_ms:
            "how late the provider's answers went out, on average past the latency: its own process short of CPU time",
          coordinator_cpu_ms_per_trial:
            "the coordinator process's CPU time (startup, suite loading, queueing, following, closing, the scorecard) ÷ trials",
          worker_cpu_ms_per_trial: "the worker processes' CPU time (startup included) ÷ trials",
          redis_cpu_ms_per_trial:
            "Redis's CPU time during the run (queue and limiter scripts) ÷ trials",
          provider_cpu_ms_per_trial:
            "the bench process's CPU time during the run (the fake provider answering) ÷ trials",
          cpu_ms_per_trial: 'the sum of the four: all CPU one queued trial costs on this machine',
          cores_busy:
            'cpu_ms_per_trial × trials/s ÷ 1000: how many cores the run kept busy (a run cannot beat the ideal once this nears the cores)',
          local_cpu_ms_per_trial: "the one-process run's CPU time ÷ trials (the provider apart)",
        },
        runs: results,
      },
      null,
      2,
    )}\n`,
  );
} finally {
  await provider.close();
}
