// Startup benchmarks: how long `endstate` takes before it does any work, each
// figure the median over fresh processes of `node bin/endstate.js`, timed
// from the spawn. Prints one JSON object. Run by bench/run.mjs in a process
// of its own; alone: `node bench/startup.mjs` (after `npm run build`).
// At the smoke size (`--smoke`, bench/smoke.mjs): one process each, no
// warm-up, and the whole-suite runs limited to their first-trial task.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadSuite } from '../dist/index.js';
import { round } from './measure.mjs';
import { isSmoke, pickSize, smokeMark } from './smoke.mjs';

const root = resolve(import.meta.dirname, '..');
const bin = join(root, 'bin', 'endstate.js');
const RUNS = pickSize(Number(process.env.BENCH_STARTUP_RUNS ?? 5), 1);
const WARM_UPS = pickSize(1, 0);

/** What each figure measures, printed beside them. */
const DEFINITIONS = {
  help_spawn_to_exit_ms: '`endstate --help`: spawn to exit',
  spawn_to_run_start_ms:
    'a 1-trial oracle run of the whole suite: spawn to the run-start line on stderr (`<run id>: N trials ...`), printed once the suite is loaded, checked and the canary passed, just before the first trial starts',
  spawn_to_first_trial_end_ms:
    "a 1-trial oracle run limited to one task (--tasks <id>; the whole suite is still loaded): spawn to the `1/1 trials` progress line, printed at that trial's trial-end event",
  spawn_to_exit_ms: 'the 1-trial oracle run of the whole suite: spawn to exit (scorecard printed)',
};

/**
 * Runs the CLI once; resolves with the milliseconds from the spawn to the
 * first stderr line matching each of `marks`, and to the exit.
 */
function timeCli(args, cwd, marks = {}) {
  return new Promise((done, fail) => {
    const start = performance.now();
    const child = spawn(process.execPath, [bin, ...args], {
      cwd,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const seen = {};
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text) => {
      const now = performance.now();
      stderr += text;
      for (const [name, pattern] of Object.entries(marks)) {
        if (seen[name] === undefined && pattern.test(stderr)) seen[name] = now - start;
      }
    });
    child.on('error', fail);
    child.on('close', (code) => {
      const exitMs = performance.now() - start;
      if (code !== 0) {
        fail(new Error(`endstate ${args.join(' ')} exited with ${code}:\n${stderr}`));
        return;
      }
      const missing = Object.keys(marks).filter((name) => seen[name] === undefined);
      if (missing.length > 0) {
        fail(
          new Error(`endstate ${args.join(' ')} printed no ${missing.join(', ')} line:\n${stderr}`),
        );
        return;
      }
      done({ ...seen, exitMs });
    });
  });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** `times` runs after WARM_UPS untimed ones (which fill the caches a development loop has warm). */
async function medianOf(times, once) {
  for (let i = 1; i <= WARM_UPS; i++) await once(-i);
  const results = [];
  for (let i = 0; i < times; i++) results.push(await once(i));
  const keys = Object.keys(results[0]);
  return Object.fromEntries(keys.map((key) => [key, round(median(results.map((r) => r[key])), 0)]));
}

async function benchSuite(name, cwd) {
  const suitePath = join(root, 'examples', name);
  const suite = await loadSuite(suitePath);
  // A task the oracle runs without a judge model.
  const task = suite.tasks.find((candidate) => candidate.spec.judge === undefined);
  const common = ['run', suitePath, '--agent', 'oracle', '--trials', '1'];
  const wholeTasks = isSmoke ? ['--tasks', task.id] : [];
  const whole = await medianOf(RUNS, (i) =>
    timeCli([...common, ...wholeTasks, '--store', join(cwd, `${name}-${i}.db`)], cwd, {
      runStart: /: \d+ trials \(/,
    }),
  );
  const one = await medianOf(RUNS, (i) =>
    timeCli([...common, '--tasks', task.id, '--store', join(cwd, `${name}-one-${i}.db`)], cwd, {
      trialEnd: /^ {2}1\/1 trials/m,
    }),
  );
  return {
    tasks: suite.tasks.length,
    first_trial_task: task.id,
    spawn_to_run_start_ms: whole.runStart,
    spawn_to_first_trial_end_ms: one.trialEnd,
    spawn_to_exit_ms: whole.exitMs,
  };
}

const cwd = mkdtempSync(join(tmpdir(), 'endstate-startup-'));
try {
  const help = await medianOf(RUNS, () => timeCli(['--help'], cwd));
  const result = {
    ...smokeMark,
    runs: RUNS,
    definitions: DEFINITIONS,
    help_spawn_to_exit_ms: help.exitMs,
    support: await benchSuite('support', cwd),
    retail: await benchSuite('retail', cwd),
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
} finally {
  rmSync(cwd, { recursive: true, force: true });
}
