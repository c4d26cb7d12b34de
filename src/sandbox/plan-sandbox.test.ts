import { describe, expect, it } from 'vitest';
import { planSandbox } from './plan-sandbox.js';
import type { PathProbe, SandboxLayout } from './plan-sandbox.js';

/** A file system of listed paths: folders, files and symlinks (with targets). */
function fakeProbe(entries: Record<string, 'dir' | 'file' | `-> ${string}`>): PathProbe {
  return {
    kind(path) {
      const entry = entries[path];
      if (entry === undefined) return 'missing';
      return entry.startsWith('-> ') ? 'symlink' : (entry as 'dir' | 'file');
    },
    realpath(path) {
      const entry = entries[path];
      if (entry?.startsWith('-> ') === true) {
        const target = entry.slice(3);
        return target.startsWith('/') ? target : `/${target}`;
      }
      return path;
    },
    readlink: (path) => entries[path]?.slice(3) ?? '',
    // Only folders named "private" (and what lies in them) keep others out.
    blockedFor: (path) => /^(.*\/private)(\/|$)/.exec(path)?.[1],
  };
}

const probe = fakeProbe({
  '/usr': 'dir',
  '/bin': '-> usr/bin',
  '/lib': '-> usr/lib',
  '/etc': 'dir',
  '/etc/ssl': 'dir',
  '/etc/resolv.conf': '-> /run/resolver/resolv.conf',
  '/run/resolver/resolv.conf': 'file',
  '/etc/localtime': '-> /usr/share/zoneinfo/Missing',
  '/home/ana/project/node_modules': '-> /srv/cache/node_modules',
  '/home/node_modules': 'dir',
  '/home/ana/project/agents': 'dir',
  '/home/ana/project/agents/node_modules': 'dir',
  '/home/ana/project': 'dir',
  '/home/ana/project/suite': 'dir',
  '/home/ana/project/.endstate': 'dir',
});

const layout: SandboxLayout = {
  network: 'host',
  agentDir: '/home/ana/project/agents',
  mounts: ['/data/models'],
  hidden: [
    { what: 'suite', path: '/home/ana/project/suite' },
    { what: 'store', path: '/home/ana/project/.endstate' },
    { what: 'working folder', path: '/home/ana/project' },
  ],
  nodeBinary: '/opt/node/bin/node',
};

describe('planSandbox', () => {
  it('shows the runtimes, the node binary, the agent folder, ancestor node_modules, mounts and handed files read-only', () => {
    const plan = planSandbox(layout, { cwd: '/home/ana/project', files: ['/tmp/mcp-1'] }, probe);
    expect(plan.system).toEqual([
      { source: '/usr', path: '/usr' },
      { target: 'usr/bin', path: '/bin' },
      { target: 'usr/lib', path: '/lib' },
      // Of /etc only what programs need; a link is bound from its target, a dangling one left out.
      { source: '/run/resolver/resolv.conf', path: '/etc/resolv.conf' },
      { source: '/etc/ssl', path: '/etc/ssl' },
      { source: '/opt/node/bin', path: '/opt/node/bin' },
    ]);
    expect(plan.readOnly).toEqual([
      { source: '/home/ana/project/agents', path: '/home/ana/project/agents' },
      // A linked node_modules is bound from its target at the link's place.
      { source: '/srv/cache/node_modules', path: '/home/ana/project/node_modules' },
      { source: '/home/node_modules', path: '/home/node_modules' },
      { source: '/data/models', path: '/data/models' },
      { source: '/tmp/mcp-1', path: '/tmp/mcp-1' },
    ]);
    // Neither the suite, the store nor the working folder lies inside anything visible.
    expect(plan.masked).toEqual([]);
    expect(plan).toMatchObject({ network: 'host', tmp: '/tmp', cwd: '/home/ana/project' });
  });

  it('masks the suite, the store and the working folder when the agent folder holds them', () => {
    const plan = planSandbox(
      { ...layout, agentDir: '/home/ana' },
      { cwd: '/home/ana/project', files: [] },
      probe,
    );
    expect(plan.masked).toEqual([
      '/home/ana/project/suite',
      '/home/ana/project/.endstate',
      '/home/ana/project',
    ]);
  });

  it('refuses an agent folder inside the suite, or equal to the store folder', () => {
    expect(() =>
      planSandbox(
        { ...layout, agentDir: '/home/ana/project/suite/agent' },
        { cwd: '/', files: [] },
        probe,
      ),
    ).toThrow(/lies in the suite folder \/home\/ana\/project\/suite/);
    expect(() =>
      planSandbox(
        { ...layout, agentDir: '/home/ana/project/.endstate' },
        { cwd: '/', files: [] },
        probe,
      ),
    ).toThrow(/--agent-dir/);
  });

  it('lets the agent folder be the working folder (the suite and store inside it are masked)', () => {
    const plan = planSandbox(
      { ...layout, agentDir: '/home/ana/project' },
      { cwd: '/home/ana/project', files: [] },
      probe,
    );
    expect(plan.masked).toEqual(['/home/ana/project/suite', '/home/ana/project/.endstate']);
  });

  it('masks no store folder that does not exist yet (before the first run, at the agent preflight)', () => {
    const withoutStore = fakeProbe({
      '/usr': 'dir',
      '/home/ana/project': 'dir',
      '/home/ana/project/suite': 'dir',
    });
    const plan = planSandbox(
      { ...layout, agentDir: '/home/ana/project' },
      { cwd: '/home/ana/project', files: [] },
      withoutStore,
    );
    expect(plan.masked).toEqual(['/home/ana/project/suite']);
  });

  it('does not bind the node binary folder again when a system folder holds it', () => {
    const plan = planSandbox(
      { ...layout, nodeBinary: '/usr/bin/node' },
      { cwd: '/', files: [] },
      probe,
    );
    expect(plan.system.map((entry) => entry.path)).toEqual([
      '/usr',
      '/bin',
      '/lib',
      '/etc/resolv.conf',
      '/etc/ssl',
    ]);
  });

  it('carries the generated files, the size of /tmp and the filter descriptor', () => {
    const plan = planSandbox(
      {
        ...layout,
        generated: [{ source: '/tmp/s/passwd', path: '/etc/passwd' }],
        tmpBytes: 1024,
        seccompFd: 3,
      },
      { cwd: '/', files: [] },
      probe,
    );
    expect(plan).toMatchObject({
      generated: [{ source: '/tmp/s/passwd', path: '/etc/passwd' }],
      tmpBytes: 1024,
      seccompFd: 3,
    });
  });

  it('when the sandbox runs as another user, refuses a folder it cannot read, naming the path that stops it', () => {
    const hidden = { ...layout, agentDir: '/home/private/agents', hostId: 65534 };
    expect(() => planSandbox(hidden, { cwd: '/', files: [] }, probe)).toThrow(
      /cannot be shown \/home\/private\/agents: .* 65534 .*\/home\/private does not let others through/,
    );
    // Run as endstate's own user, the same folder is fine.
    expect(() =>
      planSandbox({ ...layout, agentDir: '/home/private/agents' }, { cwd: '/', files: [] }, probe),
    ).not.toThrow();
  });
});
