import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO, example, runCli, runCliAsync, tempFolder } from '../e2e/run-cli.js';
import { SANDBOX_SKIP_TITLE, sandboxForTests } from '../e2e/bubblewrap.js';

const SANDBOX = sandboxForTests();
// Said in the test summary, not only counted among the skipped tests.
it.skipIf(SANDBOX)(SANDBOX_SKIP_TITLE, () => {});

interface SquatAttempt {
  readonly port?: number;
  readonly path?: string;
  readonly status?: number | string;
  readonly claimed?: boolean;
  readonly started?: boolean;
}

interface Report {
  readonly run: { readonly status: string };
  readonly scorecard: { readonly counts: { readonly refused_connections: number } };
  readonly trials: readonly {
    readonly success: boolean;
    readonly final_answer: string | null;
    readonly events: readonly { readonly kind: string; readonly reason?: string }[];
  }[];
}

const FIXTURES = join(REPO, 'test/fixtures/hostile');

describe.runIf(SANDBOX)('hostile agent: squatting on the MCP endpoint', () => {
  it('another local process that finds the trial ports cannot play the trials; its attempts are recorded', async () => {
    const cwd = tempFolder();
    const log = join(cwd, 'squatter.log');
    const squatter = spawn(process.execPath, [join(FIXTURES, 'mcp-squatter.mjs'), log], {
      stdio: 'ignore',
    });
    try {
      await expect.poll(() => readLog(log).length, { timeout: 10_000 }).toBeGreaterThan(0);
      const result = await runCliAsync(
        [
          'run',
          example('support'),
          '--tasks',
          'refund-8842',
          '--trials',
          '2',
          '--agent',
          'mcp',
          '--command',
          `node ${join(FIXTURES, 'slow-mcp-client.mjs')}`,
          // The client it wraps lives in examples/agents, outside the agent's own folder.
          '--agent-mount',
          join(REPO, 'examples/agents'),
        ],
        cwd,
      );
      expect(result.stderr).not.toContain('Error');
      expect(result.code).toBe(0);
    } finally {
      squatter.kill('SIGKILL');
    }

    // The squatter reached the trials' endpoints and was refused every time.
    const attempts = readLog(log).filter((entry) => entry.started !== true);
    expect(attempts.length).toBeGreaterThan(0);
    expect(attempts.filter((entry) => entry.claimed === true)).toEqual([]);
    expect(attempts.filter((entry) => entry.status === 401).length).toBeGreaterThan(0);

    // Every trial was played, and graded, as the agent under test.
    expect(runCli(['report', 'latest', '--json', 'out.json'], cwd).code).toBe(0);
    const report = JSON.parse(readFileSync(join(cwd, 'out.json'), 'utf8')) as Report;
    expect(report.run.status).toBe('finished');
    expect(report.trials).toHaveLength(2);
    for (const trial of report.trials) {
      expect(trial.success).toBe(true);
      expect(trial.final_answer).toMatch(/^Done: order 8842 has been refunded/);
      expect(trial.events.some((event) => event.kind === 'endpoint_refused')).toBe(true);
    }
    const refused = report.trials.flatMap((trial) =>
      trial.events.filter((event) => event.kind === 'endpoint_refused'),
    );
    expect(report.scorecard.counts.refused_connections).toBe(refused.length);
    expect(refused.every((event) => event.reason !== undefined)).toBe(true);
  }, 60_000);
});

function readLog(path: string): SquatAttempt[] {
  try {
    return readFileSync(path, 'utf8')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as SquatAttempt);
  } catch {
    return [];
  }
}
