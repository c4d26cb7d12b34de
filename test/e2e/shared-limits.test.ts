import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSlowOpenAiServer } from '../../src/testing/index.js';
import type { SlowOpenAiServer } from '../../src/testing/index.js';
import { REPO, example, tasksRunWithoutJudge, tempFolder } from './run-cli.js';

// Two worker processes, each playing 4 trials at a time, call one slow
// provider. The run's --max-concurrent-requests must hold across both:
// the provider never sees more requests at once than the run allows.
// Needs Redis at 127.0.0.1:6379; `npm run build` first (the CLI runs from dist/).

const REDIS = { host: '127.0.0.1', port: 6379 };
const LATENCY_MS = 100;
const TRIALS = 2;
const id = randomBytes(6).toString('hex');
const queueNames: string[] = [];

function start(args: readonly string[], cwd: string) {
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    [join(REPO, 'bin/endstate.js'), ...args],
    { cwd, env: { ...process.env, NO_COLOR: '1', OPENAI_API_KEY: 'test' } },
  );
  const output = { stdout: '', stderr: '' };
  child.stdout.on('data', (chunk: Buffer) => (output.stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output.stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output, exited };
}

async function waitFor(predicate: () => boolean, what: string): Promise<void> {
  const started = Date.now();
  while (!predicate()) {
    if (Date.now() - started > 60_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let provider: SlowOpenAiServer;
beforeAll(async () => {
  provider = await startSlowOpenAiServer(LATENCY_MS);
});
afterAll(async () => {
  await provider.close();
  for (const name of queueNames) {
    const queue = new Queue(name, { connection: REDIS, prefix: 'endstate' });
    await queue.obliterate({ force: true });
    await queue.close();
  }
});

/** The support suite's tasks, each trial one model call, played by two workers of 4 under one run limit. */
async function playOnTwoWorkers(maxConcurrentRequests: number) {
  const cwd = tempFolder();
  writeFileSync(
    join(cwd, 'pricing.json'),
    JSON.stringify({ models: { 'openai-compatible:fake-model': { input: 1, output: 1 } } }),
  );
  const queueName = `endstate-test-limits-${id}-${maxConcurrentRequests}`;
  queueNames.push(queueName);
  const queueUrl = `redis://${REDIS.host}:${REDIS.port}/0?queue=${queueName}`;
  const workers = [0, 1].map(() =>
    start(['worker', '--queue', queueUrl, '--concurrency', '4', '--pricing', 'pricing.json'], cwd),
  );
  for (const worker of workers)
    await waitFor(() => /^worker on /m.test(worker.output.stderr), 'a worker to start');
  provider.reset();
  const coordinator = start(
    [
      'run',
      example('support'),
      '--agent',
      'llm',
      '--model',
      `openai-compatible:${provider.url}#fake-model`,
      '--trials',
      String(TRIALS),
      '--max-concurrent-requests',
      String(maxConcurrentRequests),
      '--pricing',
      'pricing.json',
      '--no-preflight',
      '--no-canary',
      '--store',
      'store.db',
      '--queue',
      queueUrl,
      '--queue-reconcile',
      '1000',
      '--json',
      'run.json',
    ],
    cwd,
  );
  const code = await coordinator.exited;
  for (const worker of workers) worker.child.kill('SIGTERM');
  const exits = await Promise.all(workers.map((worker) => worker.exited));
  const { run, trials } = JSON.parse(readFileSync(join(cwd, 'run.json'), 'utf8')) as {
    run: { status: string; request_limits?: { max_concurrent_requests: number } };
    trials: { valid: boolean }[];
  };
  // Each worker played some of the trials.
  const played = workers.map((worker) => worker.output.stdout.trim().split('\n').length);
  return {
    code,
    exits,
    run,
    trials,
    played,
    calls: provider.calls(),
    most: provider.mostInFlight(),
    stderr: coordinator.output.stderr,
  };
}

describe('one request limit across workers', () => {
  it('holds --max-concurrent-requests across two worker processes: the provider never sees more at once', async () => {
    const result = await playOnTwoWorkers(2);
    expect(result.stderr).not.toMatch(/error/i);
    expect([0, 1]).toContain(result.code);
    expect(result.exits).toEqual([0, 0]);
    expect(result.run.status).toBe('finished');
    expect(result.run.request_limits?.max_concurrent_requests).toBe(2);
    expect(result.trials).toHaveLength(tasksRunWithoutJudge('support') * TRIALS);
    expect(result.trials.every((trial) => trial.valid)).toBe(true);
    expect(result.calls).toBeGreaterThanOrEqual(result.trials.length);
    expect(result.played.every((lines) => lines > 0)).toBe(true);
    expect(result.most).toBeLessThanOrEqual(2);
  }, 180_000);

  it('with a limit above what the workers play at once, the provider sees more than 2 at once (the check above can fail)', async () => {
    const result = await playOnTwoWorkers(8);
    expect(result.exits).toEqual([0, 0]);
    expect(result.run.status).toBe('finished');
    expect(result.most).toBeGreaterThan(2);
  }, 180_000);
});
