import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Queue, QueueEvents } from 'bullmq';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO, copyExample, example, runCli, tasksRunWithoutJudge, tempFolder } from './run-cli.js';

const POSTGRES_URL =
  process.env.ENDSTATE_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS = { host: '127.0.0.1', port: 6379 };
const TRIALS = 4;
const SEED = 7;
const PLANNED = tasksRunWithoutJudge('support') * TRIALS;

const id = randomBytes(6).toString('hex');
const schema = `endstate_test_${id}`;
const queueName = `endstate-test-${id}`;
const store = `${POSTGRES_URL}?schema=${schema}`;
const queueUrl = `redis://${REDIS.host}:${REDIS.port}/0?queue=${queueName}`;

afterAll(async () => {
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await admin.end();
  const queue = new Queue(queueName, { connection: REDIS, prefix: 'endstate' });
  await queue.obliterate({ force: true });
  await queue.close();
});

/** The CLI as a child process, its output gathered as it comes. */
function start(args: readonly string[], cwd: string) {
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    [join(REPO, 'bin/endstate.js'), ...args],
    { cwd, env: { ...process.env, NO_COLOR: '1' } },
  );
  const output = { stdout: '', stderr: '' };
  child.stdout.on('data', (chunk: Buffer) => (output.stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output.stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output, exited };
}

/**
 * Every tool call of the support suite waits 150 ms, so a trial lasts long
 * enough (several calls) that a worker killed at any moment is in one.
 */
function slowSupportSuite(): string {
  const cwd = copyExample('support');
  const file = join(cwd, 'support', 'environment.ts');
  const source = readFileSync(file, 'utf8').replace(
    "import { supportTools } from './support-tools.js';",
    `import { supportTools as fastTools } from './support-tools.js';
const supportTools = fastTools.map((tool) => ({
  ...tool,
  run: async (args: never, context: never) => {
    await new Promise((resolve) => setTimeout(resolve, 150));
    return (tool.run as (a: never, c: never) => unknown)(args, context);
  },
})) as typeof fastTools;`,
  );
  writeFileSync(file, source);
  return cwd;
}

/** A scorecard as JSON, without what differs between two plays of one run: ids, times, latencies. */
function comparable(path: string): unknown {
  const { run, scorecard } = JSON.parse(readFileSync(path, 'utf8')) as {
    run: { run_id: string };
    scorecard: unknown;
  };
  const text = JSON.stringify(scorecard).replaceAll(run.run_id, 'RUN');
  const dropped = new Set(['created_at', 'finished_at', 'latency_ms']);
  return JSON.parse(text, (key, value: unknown) => (dropped.has(key) ? undefined : value));
}

describe('a run played by workers', () => {
  it('stores every planned trial once though a worker is killed mid-trial, and scores as a local run', async () => {
    const cwd = slowSupportSuite();
    const stalled: string[] = [];
    const events = new QueueEvents(queueName, { connection: REDIS, prefix: 'endstate' });
    events.on('stalled', ({ jobId }) => stalled.push(jobId));
    await events.waitUntilReady();

    const workerArgs = [
      'worker',
      '--queue',
      queueUrl,
      '--concurrency',
      '2',
      '--lock-duration',
      '2000',
      '--stalled-interval',
      '1000',
    ];
    // One finds the suite where the coordinator had it, two are told where it is.
    const workers = [[], ['--suite', 'support'], ['--suite', 'support']].map((suite) =>
      start([...workerArgs, ...suite], cwd),
    );
    const coordinator = start(
      [
        'run',
        'support',
        '--agent',
        'simulated',
        '--trials',
        String(TRIALS),
        '--seed',
        String(SEED),
        '--store',
        store,
        '--queue',
        queueUrl,
        '--queue-reconcile',
        '1000',
        '--json',
        'queued.json',
      ],
      cwd,
    );
    // Killed once it has played a few trials, with more in flight.
    const victim = workers[0]!;
    await new Promise<void>((resolve) => {
      const check = (): void => {
        if (victim.output.stdout.split('\n').length > 3) {
          victim.child.kill('SIGKILL');
          resolve();
        } else setTimeout(check, 20);
      };
      check();
    });
    const code = await coordinator.exited;
    expect(coordinator.output.stderr).not.toMatch(/error/i);
    expect(code).toBe(0);
    for (const worker of workers.slice(1)) worker.child.kill('SIGTERM');
    expect(await Promise.all(workers.slice(1).map((worker) => worker.exited))).toEqual([0, 0]);
    await events.close();
    // The killed worker's jobs went to the others.
    expect(stalled.length).toBeGreaterThan(0);

    // The run's own JSON: its record and scorecard as read back from the store, and the seal check.
    const queued = JSON.parse(readFileSync(join(cwd, 'queued.json'), 'utf8')) as {
      run: { run_id: string; status: string };
      integrity: { status: string };
    };
    expect(queued.run.status).toBe('finished');
    expect(queued.integrity.status).toBe('sealed');

    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    const { rows } = await admin.query<{ task_id: string; attempt: number; copies: string }>(
      `SELECT task_id, attempt, count(*) AS copies FROM ${schema}.trials WHERE run_id = $1 GROUP BY task_id, attempt`,
      [queued.run.run_id],
    );
    await admin.end();
    expect(rows).toHaveLength(PLANNED);
    expect(rows.filter((row) => Number(row.copies) !== 1)).toEqual([]);

    const local = runCli(
      [
        'run',
        'support',
        '--agent',
        'simulated',
        '--trials',
        String(TRIALS),
        '--seed',
        String(SEED),
        '--store',
        'local.db',
        '--json',
        'local.json',
      ],
      cwd,
    );
    expect(local.code).toBe(0);
    expect(comparable(join(cwd, 'queued.json'))).toEqual(comparable(join(cwd, 'local.json')));
  }, 240_000);
});

describe('endstate run --store and --queue', () => {
  it('runs into a memory store', () => {
    const result = runCli(
      ['run', example('support'), '--agent', 'simulated', '--store', 'memory:'],
      tempFolder(),
    );
    expect(result.stderr).not.toMatch(/error/);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/already-refunded-8870/);
  });

  it.each([
    [['--store', 'memory:', '--queue', queueUrl], /--queue cannot be used with --store memory:/],
    [['--store', 'memory:', '--durable'], /--durable applies to a SQLite store/],
    [
      ['--queue', 'http://127.0.0.1:6379'],
      /--queue http:\/\/127.0.0.1:6379: does not start with redis:\/\//,
    ],
  ])('refuses %j before anything runs (exit 2)', (flags, message) => {
    const cwd = tempFolder();
    const result = runCli(['run', example('support'), ...flags], cwd);
    expect(result.stderr).toMatch(message);
    expect(result.code).toBe(2);
    expect(existsSync(join(cwd, '.endstate'))).toBe(false);
  });

  it('says when the queue cannot be reached, and stores nothing (exit 4)', () => {
    const cwd = tempFolder();
    const result = runCli(
      ['run', example('support'), '--no-canary', '--queue', 'redis://127.0.0.1:1'],
      cwd,
    );
    expect(result.stderr).toMatch(/E_QUEUE: cannot reach the queue at redis:\/\/127.0.0.1:1/);
    expect(result.code).toBe(4);
    expect(existsSync(join(cwd, '.endstate'))).toBe(false);
  });
});
