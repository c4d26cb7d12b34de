import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO, example, runCliHere, tasksRunWithoutJudge, tempFolder } from './run-cli.js';

const PLANNED = tasksRunWithoutJudge('support') * 400;

describe('an interrupted run', () => {
  it('keeps the trials that finished and is reported as interrupted', async () => {
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
      ],
      { cwd },
    );
    let stderr = '';
    const exitCode = await new Promise<number | null>((resolve) => {
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        // Interrupt once the first tenth of the trials has finished.
        if (new RegExp(`\\d+/${PLANNED} trials`).test(stderr) && !child.killed)
          child.kill('SIGINT');
      });
      child.on('exit', (code) => resolve(code));
    });
    expect(exitCode).toBe(130);
    expect(stderr).toMatch(/SIGINT: the finished trials of run-\S+ are stored/);

    const report = await runCliHere(['report', 'latest'], cwd);
    expect(report.code).toBe(0);
    expect(report.stderr).toMatch(
      /is interrupted; the scorecard covers its (\d+) stored trial\(s\)/,
    );
    const stored = Number(/covers its (\d+) stored/.exec(report.stderr)?.[1]);
    expect(stored).toBeGreaterThanOrEqual(PLANNED / 10);
    expect(stored).toBeLessThan(PLANNED);
    expect(report.stdout).toMatch(new RegExp(`${stored} valid of ${PLANNED} planned`));
  });
});
