import { describe, expect, it } from 'vitest';
import type { SandboxSpec } from '../../schema/index.js';
import { describeSandbox, isIsolationConcern } from './describe-sandbox.js';

describe('describeSandbox', () => {
  it('names the sandbox, its network, passed variables and mounts', () => {
    expect(
      describeSandbox(
        { kind: 'bubblewrap', network: 'none', env: ['OPENAI_API_KEY'], mounts: ['models'] },
        'command',
      ),
    ).toBe('bubblewrap · network none · env OPENAI_API_KEY · mounts models');
  });

  it('names the user namespace, the filter and the limits, and says a host network is unisolated', () => {
    expect(
      describeSandbox(
        {
          kind: 'bubblewrap',
          network: 'host',
          env: [],
          mounts: [],
          seccomp: 'libseccomp 2.5.4',
          limits: {
            memory_mb: 2048,
            max_processes: 256,
            file_size_mb: 256,
            tmp_mb: 256,
            cpu_s: 600,
          },
        },
        'command',
      ),
    ).toBe(
      'bubblewrap · unprivileged user, no capabilities, seccomp (libseccomp 2.5.4) · network host: NETWORK UNISOLATED (the agent could reach every service of this machine and beyond) · limits 2048 MiB memory, 256 processes, 256 MiB files, 256 MiB /tmp, 600 s CPU',
    );
  });

  it('says an agent run with --no-sandbox ran unisolated', () => {
    expect(describeSandbox({ kind: 'none', network: 'host', env: [], mounts: [] }, 'mcp')).toMatch(
      /^none: the agent ran UNISOLATED \(--no-sandbox\)/,
    );
  });

  it('tells older program runs from in-process agents', () => {
    expect(describeSandbox(null, 'command')).toMatch(/not recorded.*unisolated/);
    expect(describeSandbox(null, 'oracle')).toMatch(/not applicable/);
  });
});

describe('isIsolationConcern', () => {
  const sandbox: SandboxSpec = { kind: 'bubblewrap', network: 'relay', env: [], mounts: [] };

  it('is no concern for an in-process agent, which no sandbox applies to', () => {
    expect(isIsolationConcern(null, 'llm')).toBe(false);
    expect(isIsolationConcern(null, 'simulated')).toBe(false);
  });

  it('is a concern for an agent program with no sandbox recorded, run unisolated, or on the host network', () => {
    expect(isIsolationConcern(null, 'command')).toBe(true);
    expect(isIsolationConcern({ ...sandbox, kind: 'none' }, 'command')).toBe(true);
    expect(isIsolationConcern({ ...sandbox, network: 'host' }, 'mcp')).toBe(true);
  });

  it('is no concern for an agent program in bubblewrap without the host network', () => {
    expect(isIsolationConcern(sandbox, 'command')).toBe(false);
  });
});
