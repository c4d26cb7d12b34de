import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import {
  REPO,
  copyExample,
  example,
  runCliHere,
  tasksRunWithoutJudge,
  tempFolder,
} from './run-cli.js';

describe('numeric ranges are checked before anything runs', () => {
  it.each([
    ['--seed', '1e30', 'a whole number from 0 to 4294967295'],
    ['--concurrency', '10000000', 'a whole number from 1 to 1024'],
    ['--trials', '99999999999', 'a whole number from 1 to 10000'],
    ['--max-reruns', '1000', 'a whole number from 0 to 100'],
    ['--request-timeout', '0', 'a number from 1 to 3600 s'],
    ['--max-concurrent-requests', '0', 'a whole number from 1 to 1024'],
    ['--requests-per-minute', '0', 'a whole number from 1 to 100000'],
  ])('run %s %s exits 2, naming the flag, the range and the value', async (flag, value, range) => {
    const cwd = tempFolder();
    const result = await runCliHere(['run', example('support'), flag, value], cwd);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`option '${flag} `);
    expect(result.stderr).toContain(`expected ${range}`);
    expect(result.stderr).toContain(`got ${value}`);
  });

  it('refuses a run that plans more trials than a run may hold', async () => {
    // 635 retail tasks × 2,000 trials: 1,270,000 planned, over the 1,000,000 a run may hold.
    const result = await runCliHere(['run', example('retail'), '--trials', '2000'], tempFolder());
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      '635 task(s) × --trials 2000 plans 1270000 trials; at most 1000000 are allowed in one run',
    );
  });

  it("validate refuses limits.timeout_s past Node's timer, naming file, field and range", async () => {
    const cwd = copyExample('support');
    const file = join(cwd, 'support/tasks/already-refunded-8870.yaml');
    const task = parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    writeFileSync(file, stringify({ ...task, limits: { timeout_s: 3_000_000 } }));
    const result = await runCliHere(['validate', 'support'], cwd);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('already-refunded-8870.yaml');
    expect(result.stderr).toContain('limits.timeout_s');
    expect(result.stderr).toContain('expected a number above 0 and at most 86400 s');
  });
});

describe('--json', () => {
  it('writes the same text JSON.stringify(value, null, 2) gives, for run and report', async () => {
    const cwd = tempFolder();
    const run = await runCliHere(
      ['run', example('support'), '--agent', 'simulated', '--trials', '2', '--json', 'run.json'],
      cwd,
    );
    expect(run.code, run.stderr).toBe(0);
    const text = readFileSync(join(cwd, 'run.json'), 'utf8');
    expect(text).toBe(`${JSON.stringify(JSON.parse(text), null, 2)}\n`);
    expect((await runCliHere(['report', 'latest', '--json', 'report.json'], cwd)).code).toBe(0);
    expect(readFileSync(join(cwd, 'report.json'), 'utf8')).toBe(text);
  });
});

describe('an interrupt of a wide run', () => {
  it('SIGTERM ends a run at --concurrency 1024 promptly, marked interrupted', async () => {
    const cwd = tempFolder();
    const child = spawn(
      process.execPath,
      [
        join(REPO, 'bin/endstate.js'),
        'run',
        example('support'),
        '--agent',
        'simulated',
        '--trials',
        '400',
        '--concurrency',
        '1024',
        '--no-canary',
      ],
      { cwd },
    );
    let stderr = '';
    const exitCode = await new Promise<number | null>((resolve) => {
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        if (
          new RegExp(`\\d+/${tasksRunWithoutJudge('support') * 400} trials`).test(stderr) &&
          child.signalCode === null &&
          !child.killed
        )
          child.kill('SIGTERM');
      });
      child.on('exit', (code) => resolve(code));
    });
    expect(exitCode).toBe(143);
    expect(stderr).toMatch(/SIGTERM: the finished trials of run-\S+ are stored/);
    const report = await runCliHere(['report', 'latest'], cwd);
    expect(report.code).toBe(0);
    expect(report.stderr).toMatch(/is interrupted/);
  });
});
