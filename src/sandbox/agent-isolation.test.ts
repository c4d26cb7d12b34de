import { describe, expect, it } from 'vitest';
import { createAgentIsolation } from './agent-isolation.js';
import type { PathProbe } from './plan-sandbox.js';

const probe: PathProbe = {
  kind: (path) => (['/usr', '/etc', '/work/agents'].includes(path) ? 'dir' : 'missing'),
  realpath: (path) => path,
  readlink: () => '',
  blockedFor: () => undefined,
};
const hostEnv = { PATH: '/usr/bin', HOME: '/root', TMPDIR: '/var/tmp', OPENAI_API_KEY: 'sk' };
const request = {
  command: ['node', 'agents/a.mjs'],
  cwd: '/work',
  env: { ENDSTATE_POLICY_FILE: '/tmp/x/policy.md' },
  files: ['/tmp/x'],
};

describe('createAgentIsolation', () => {
  it('runs the command in bwrap with declared variables, HOME and TMPDIR in the private /tmp', () => {
    const isolation = createAgentIsolation({
      settings: { kind: 'bubblewrap', network: 'host', env: [], mounts: [] },
      hostEnv,
      probe,
      bubblewrap: {
        program: '/usr/bin/bwrap',
        prlimit: '/usr/bin/prlimit',
        layout: {
          network: 'host',
          agentDir: '/work/agents',
          mounts: [],
          hidden: [{ what: 'suite', path: '/work/suite' }],
          nodeBinary: '/usr/bin/node',
        },
      },
    });
    const launch = isolation.launch(request);
    expect(launch.command[0]).toBe('/usr/bin/bwrap');
    // prlimit sets the default limits inside the sandbox, then runs the command.
    expect(launch.command.slice(-9)).toEqual([
      '--',
      '/usr/bin/prlimit',
      `--data=${2048 * 1024 * 1024}`,
      '--nproc=256',
      `--fsize=${256 * 1024 * 1024}`,
      '--cpu=600:601',
      '--',
      'node',
      'agents/a.mjs',
    ]);
    expect(launch.command.join(' ')).toContain('--ro-bind /tmp/x /tmp/x');
    expect(launch.command.join(' ')).toContain('--chdir /work');
    expect(launch.env).toEqual({
      PATH: '/usr/bin',
      HOME: '/tmp',
      TMPDIR: '/tmp',
      ENDSTATE_POLICY_FILE: '/tmp/x/policy.md',
    });
  });

  it('with kind none runs the command itself, still with declared variables only', () => {
    const isolation = createAgentIsolation({
      settings: { kind: 'none', network: 'host', env: ['OPENAI_API_KEY'], mounts: [] },
      hostEnv,
      probe,
    });
    expect(isolation.launch(request)).toEqual({
      command: ['node', 'agents/a.mjs'],
      cwd: '/work',
      env: {
        PATH: '/usr/bin',
        OPENAI_API_KEY: 'sk',
        HOME: '/root',
        TMPDIR: '/var/tmp',
        ENDSTATE_POLICY_FILE: '/tmp/x/policy.md',
      },
    });
  });
});
