import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO, copyExample, example, runCli, runCliAsync, tempFolder } from '../e2e/run-cli.js';
import { SANDBOX_SKIP_TITLE, sandboxForTests } from '../e2e/bubblewrap.js';

const SANDBOX = sandboxForTests();
// Said in the test summary, not only counted among the skipped tests.
it.skipIf(SANDBOX)(SANDBOX_SKIP_TITLE, () => {});

const HOSTILE = join(REPO, 'test', 'fixtures', 'hostile');
const BIN = join(REPO, 'bin', 'endstate.js');
const SECRET = 'sk-endstate-hostile-test-0123456789';
const TASKS = '{refund-8842,refund-8851-excludes-shipping}';
const isLinux = process.platform === 'linux';
/** Each test runs the CLI a few times; a loaded CI machine takes its time. */
const SLOW_MS = 120_000;

interface RunOutput {
  run: { status: string; system: { sandbox?: { kind: string } } };
  scorecard: { isolation: string };
  trials: { task_id: string; success: boolean; final_answer: string | null }[];
}

/** Every byte endstate stored or wrote in `cwd` (the store, its journal, reports), as text. */
function storedText(cwd: string): string {
  const folder = join(cwd, '.endstate');
  return readdirSync(folder)
    .map((name) => readFileSync(join(folder, name)).toString('latin1'))
    .join('\n');
}

async function runCheater(extra: readonly string[]): Promise<{ cwd: string; out: RunOutput }> {
  const cwd = copyExample('support');
  const result = await runCliAsync(
    [
      'run',
      join(cwd, 'support'),
      '--tasks',
      TASKS,
      '--agent',
      'command',
      '--command',
      `node ${join(HOSTILE, 'cheating-agent.mjs')}`,
      '--json',
      'out.json',
      ...extra,
    ],
    cwd,
    { OPENAI_API_KEY: SECRET },
  );
  expect(result.stderr).not.toContain('error E_');
  return { cwd, out: JSON.parse(readFileSync(join(cwd, 'out.json'), 'utf8')) as RunOutput };
}

/** Processes (pid, argv) whose command line carries the marker, from /proc. */
function processesWith(marker: string): { pid: number; argv: string }[] {
  const found: { pid: number; argv: string }[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      const argv = readFileSync(`/proc/${name}/cmdline`, 'utf8');
      if (argv.includes(marker) && !argv.includes('vitest'))
        found.push({ pid: Number(name), argv });
    } catch {
      // The process ended while being read.
    }
  }
  return found;
}

function killAll(marker: string): void {
  for (const { pid } of processesWith(marker)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

describe.runIf(isLinux)('hostile agents: cheating', { timeout: SLOW_MS }, () => {
  it.runIf(SANDBOX)(
    'reads neither the answer key, the store nor a secret in the sandbox, and scores like a do-nothing agent',
    async () => {
      const { cwd, out } = await runCheater([]);
      expect(out.run.status).toBe('finished');
      expect(out.run.system.sandbox).toMatchObject({ kind: 'bubblewrap', network: 'relay' });
      expect(out.scorecard.isolation).toContain('bubblewrap');
      expect(out.trials).toHaveLength(2);
      for (const trial of out.trials) {
        expect(trial.success).toBe(false);
        expect(trial.final_answer).toContain('played reference: false');
        expect(trial.final_answer).toContain('parent environ: ');
        expect(trial.final_answer).toContain('key: undefined');
      }
      // The cheater tried the suite's folder by its absolute path from the harness's command line.
      expect(out.trials[0]!.final_answer).toMatch(/tasks of \/[^:]*\/support: ENOENT/);
      // No secret anywhere endstate stored or wrote.
      expect(storedText(cwd)).not.toContain(SECRET);
      expect(readFileSync(join(cwd, 'out.json'), 'utf8')).not.toContain(SECRET);
      // The harness is healthy: the stored run reports.
      const report = runCli(['report', 'latest'], cwd);
      expect([0, 1]).toContain(report.code);
      expect(report.stdout).toContain('sandbox bubblewrap');
      expect(report.stderr).not.toContain('error');
    },
  );

  it('with --no-sandbox the same agent does cheat (so the test above can fail), and every report says it ran unisolated', async () => {
    const { cwd, out } = await runCheater(['--no-sandbox']);
    expect(out.run.system.sandbox).toMatchObject({ kind: 'none' });
    expect(out.trials.every((trial) => trial.success)).toBe(true);
    expect(out.scorecard.isolation).toContain('UNISOLATED');
    const md = runCli(['report', 'latest', '--md', 'summary.md'], cwd);
    expect(md.stderr).not.toContain('error');
    expect(readFileSync(join(cwd, 'summary.md'), 'utf8')).toContain('UNISOLATED');
    expect(runCli(['report', 'latest'], cwd).stdout).toContain('UNISOLATED');
  });
});

describe.runIf(isLinux)('hostile agents: forking', { timeout: SLOW_MS }, () => {
  const marker = (): string => `endstate-fork-${process.pid}-${Math.floor(Math.random() * 1e9)}`;

  async function killHarnessMidRun(mode: 'all' | 'group', flags: readonly string[]) {
    const cwd = copyExample('support');
    const tag = marker();
    const harness = spawn(
      process.execPath,
      [
        BIN,
        'run',
        join(cwd, 'support'),
        '--tasks',
        'refund-8842',
        '--agent',
        'command',
        '--command',
        `node ${join(HOSTILE, 'forking-agent.mjs')} ${tag} ${mode} hang`,
        // Killed mid-trial: a preflight would wait for the hanging agent's first message.
        '--no-preflight',
        ...flags,
      ],
      { cwd, stdio: 'ignore', env: { ...process.env, NO_COLOR: '1' } },
    );
    try {
      // The agent and what it started (not the harness, nor bwrap, whose arguments name the agent's).
      const agentProcesses = () =>
        processesWith(tag).filter(({ argv }) => !/^(\S*\/)?bwrap\0|endstate\.js/.test(argv));
      // The agent, its child, and with `all` the detached child, the double-forked grandchild and the setsid shell.
      const expected = mode === 'all' ? 5 : 2;
      await expect
        .poll(() => agentProcesses().length, { timeout: 20_000, interval: 100 })
        .toBeGreaterThanOrEqual(expected);
      harness.kill('SIGKILL');
      await new Promise((resolve) => harness.once('exit', resolve));
      await expect
        .poll(() => processesWith(tag).map((found) => found.argv), {
          timeout: 5000,
          interval: 100,
        })
        .toEqual([]);
      // The store is still readable: the run is listed (left running by the kill).
      const report = runCli(['report', 'latest'], cwd);
      expect(report.stderr).not.toContain('internal error');
      expect(report.stdout).toContain('endstate');
    } finally {
      harness.kill('SIGKILL');
      killAll(tag);
    }
  }

  it.runIf(SANDBOX)(
    'leaves no agent process behind when the harness is killed with SIGKILL mid-run (double fork, setsid)',
    async () => {
      await killHarnessMidRun('all', []);
    },
  );

  it('with --no-sandbox, the watchdog kills the agent’s process group when the harness is killed', async () => {
    await killHarnessMidRun('group', ['--no-sandbox']);
  });

  it.runIf(SANDBOX)(
    'kills what the agent left running when its trial ends, and the run finishes',
    async () => {
      const cwd = copyExample('support');
      const tag = marker();
      try {
        const result = await runCliAsync(
          [
            'run',
            join(cwd, 'support'),
            '--tasks',
            'refund-8842',
            '--agent',
            'command',
            '--command',
            `node ${join(HOSTILE, 'forking-agent.mjs')} ${tag} all final`,
          ],
          cwd,
        );
        expect(result.stderr).not.toContain('error E_');
        expect(result.stdout).toContain('refund-8842');
        await expect
          .poll(() => processesWith(tag).map((found) => found.argv), { timeout: 3000 })
          .toEqual([]);
        expect(runCli(['report', 'latest'], cwd).stdout).toContain('sandbox bubblewrap');
      } finally {
        killAll(tag);
      }
    },
  );
});

describe('sandbox usage errors (exit 2, before anything runs)', { timeout: SLOW_MS }, () => {
  const refundAgent = `node ${join(REPO, 'examples', 'agents', 'refund-agent.mjs')}`;

  it.runIf(isLinux)(
    'says how to install bubblewrap, or to pass --no-sandbox, when bwrap is missing',
    () => {
      const cwd = tempFolder();
      const args = ['run', example('support'), '--agent', 'command', '--command', refundAgent];
      const result = spawnSync(process.execPath, [BIN, ...args], {
        cwd,
        encoding: 'utf8',
        env: { NO_COLOR: '1', PATH: '/nonexistent' },
      });
      expect(result.status).toBe(2);
      expect(result.stderr).toContain('error E_SANDBOX: bubblewrap (bwrap) is not installed');
      expect(result.stderr).toContain('apt-get install bubblewrap');
      expect(result.stderr).toContain('--no-sandbox');
    },
  );

  it.runIf(isLinux)(
    'stops with exit 2 and says how to allow user namespaces when bubblewrap cannot make one, recording nothing',
    () => {
      const cwd = tempFolder();
      // A bwrap that fails as bubblewrap does where the kernel or a container refuses user namespaces.
      const fake = join(cwd, 'bin');
      mkdirSync(fake);
      writeFileSync(
        join(fake, 'bwrap'),
        "#!/bin/sh\necho 'bwrap: No permissions to creating new namespace, likely because the kernel does not allow non-privileged user namespaces.' >&2\nexit 1\n",
        { mode: 0o755 },
      );
      const args = ['run', example('support'), '--agent', 'command', '--command', refundAgent];
      const result = spawnSync(process.execPath, [BIN, ...args], {
        cwd,
        encoding: 'utf8',
        env: { NO_COLOR: '1', PATH: `${fake}:${process.env.PATH ?? ''}` },
      });
      expect(result.status).toBe(2);
      expect(result.stderr).toContain('error E_SANDBOX: bubblewrap');
      expect(result.stderr).toContain(
        "cannot create the agent's sandbox here: bwrap: No permissions",
      );
      expect(result.stderr).toContain('user.max_user_namespaces');
      expect(result.stderr).toContain('--security-opt seccomp=unconfined');
      expect(result.stderr).toContain('--no-sandbox');
      expect(existsSync(join(cwd, '.endstate'))).toBe(false);
    },
  );

  it('refuses --agent-network none with an mcp agent, and sandbox flags with in-process agents', () => {
    const cwd = tempFolder();
    const mcp = runCli(
      [
        'run',
        example('support'),
        '--agent',
        'mcp',
        '--command',
        refundAgent,
        '--agent-network',
        'none',
      ],
      cwd,
    );
    expect(mcp).toMatchObject({ code: 2, stderr: expect.stringContaining('loopback network') });
    const oracle = runCli(['run', example('support'), '--agent-env', 'OPENAI_API_KEY'], cwd);
    expect(oracle).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('apply to --agent command and --agent mcp'),
    });
  });
});
