import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from '../e2e/run-cli.js';
import { answerOf, runHostile } from './run-hostile.js';
import { SANDBOX_SKIP_TITLE, sandboxForTests } from '../e2e/bubblewrap.js';

const SANDBOX = sandboxForTests();
it.skipIf(SANDBOX)(SANDBOX_SKIP_TITLE, () => {});

const HOSTILE = join(REPO, 'test', 'fixtures', 'hostile');
/** The calls escape-probe.py tries; each must fail in the sandbox. */
const CALLS = [
  'mount',
  'remount',
  'open_by_handle_at',
  'mknod',
  'ptrace',
  'unshare',
  'setns',
  'keyctl',
  'bpf',
] as const;
/** Without the sandbox the same calls succeed only for root, as CI runs. */
const isRoot = process.getuid?.() === 0;
const SLOW_MS = 120_000;

const probe = `node ${join(HOSTILE, 'escape-agent.mjs')}`;

describe.runIf(process.platform === 'linux')(
  'hostile agents: leaving the sandbox',
  { timeout: SLOW_MS },
  () => {
    it.runIf(SANDBOX)(
      'refuses mount, remount, open_by_handle_at, mknod, ptrace, unshare, setns, keyctl and bpf',
      async () => {
        const { trial } = await runHostile(probe, []);
        const results = answerOf(trial);
        for (const call of CALLS) expect(results[call], call).toMatch(/^E[A-Z]+$/);
        expect(trial.success).toBe(false);
      },
    );

    it.runIf(isRoot)(
      'with --no-sandbox, as root, the same calls succeed (so the test above can fail)',
      async () => {
        const results = answerOf((await runHostile(probe, ['--no-sandbox'])).trial);
        for (const call of CALLS) expect(results[call], call).toBe('ok');
      },
    );
  },
);

const hog = (mode: string): string => `node ${join(HOSTILE, 'hog-agent.mjs')} ${mode}`;

describe.runIf(process.platform === 'linux')(
  'hostile agents: taking the machine',
  { timeout: SLOW_MS },
  () => {
    const cases = [
      {
        mode: 'fork',
        flags: ['--agent-max-processes', '64'],
        limit: /process limit \(limits\.max_processes: 64\)/,
        free: /^started 600 processes$/,
      },
      {
        mode: 'balloon',
        flags: [],
        limit: /memory limit \(limits\.memory_mb: 2048 MiB per process\)/,
        free: /^held 4000 MiB$/,
      },
      {
        mode: 'cpu',
        flags: ['--agent-cpu-s', '2'],
        limit: /CPU time limit \(limits\.cpu_s: 2 s per process\)/,
        free: /^spun 5 s of CPU$/,
      },
      {
        mode: 'tmp',
        flags: ['--agent-file-size-mb', '1024'],
        limit: /\/tmp size limit \(limits\.tmp_mb: 256 MiB\)/,
        free: /^wrote 512 MiB to /,
      },
    ];
    for (const { mode, flags, limit, free } of cases) {
      it.runIf(SANDBOX)(
        `stops a ${mode} hog at its limit: the trial is the agent's failure, naming the limit`,
        async () => {
          const { trial } = await runHostile(hog(mode), flags);
          expect(trial.terminal_reason).toBe('agent_failure');
          expect(trial.exit_reason).toBe('agent_error');
          expect(trial.error).toMatch(limit);
        },
      );

      it(`with --no-sandbox the ${mode} hog gets all it asks for (so the test above can fail)`, async () => {
        const { trial } = await runHostile(hog(mode), ['--no-sandbox']);
        expect(trial.final_answer).toMatch(free);
      });
    }
  },
);
