import { describe, expect, it } from 'vitest';
import { buildBwrapArgs } from './build-bwrap-args.js';
import type { BwrapPlan } from './build-bwrap-args.js';

const plan: BwrapPlan = {
  network: 'host',
  system: [
    { source: '/usr', path: '/usr' },
    { target: 'usr/bin', path: '/bin' },
    { source: '/etc/ssl', path: '/etc/ssl' },
  ],
  generated: [{ source: '/tmp/endstate-sandbox-x/passwd', path: '/etc/passwd' }],
  readOnly: [
    { source: '/home/ana/project/agents', path: '/home/ana/project/agents' },
    { source: '/srv/shared/node_modules', path: '/home/ana/project/node_modules' },
  ],
  masked: ['/home/ana/project/agents/suite'],
  tmp: '/tmp',
  tmpBytes: 256 * 1024 * 1024,
  cwd: '/home/ana/project',
  seccompFd: 3,
};

describe('buildBwrapArgs', () => {
  it('makes a user namespace with uid 1000, no capabilities and no nested namespaces, then mounts, binds, masks, changes folder and loads the filter, in that order', () => {
    expect(buildBwrapArgs(plan)).toEqual([
      '--unshare-user',
      '--uid',
      '1000',
      '--gid',
      '1000',
      '--disable-userns',
      '--assert-userns-disabled',
      '--unshare-pid',
      '--unshare-ipc',
      '--unshare-uts',
      '--unshare-cgroup-try',
      '--cap-drop',
      'ALL',
      '--die-with-parent',
      '--new-session',
      '--proc',
      '/proc',
      '--dev',
      '/dev',
      '--perms',
      '1777',
      '--size',
      String(256 * 1024 * 1024),
      '--tmpfs',
      '/tmp',
      '--ro-bind',
      '/usr',
      '/usr',
      '--symlink',
      'usr/bin',
      '/bin',
      '--ro-bind',
      '/etc/ssl',
      '/etc/ssl',
      '--ro-bind',
      '/tmp/endstate-sandbox-x/passwd',
      '/etc/passwd',
      '--dir',
      '/home/ana/project',
      '--ro-bind',
      '/home/ana/project/agents',
      '/home/ana/project/agents',
      '--ro-bind',
      '/srv/shared/node_modules',
      '/home/ana/project/node_modules',
      '--tmpfs',
      '/home/ana/project/agents/suite',
      '--remount-ro',
      '/home/ana/project/agents/suite',
      '--remount-ro',
      '/',
      '--chdir',
      '/home/ana/project',
      '--seccomp',
      '3',
    ]);
  });

  it('adds a network namespace unless the network is the host’s', () => {
    expect(buildBwrapArgs({ ...plan, network: 'none' })).toContain('--unshare-net');
    expect(buildBwrapArgs(plan)).not.toContain('--unshare-net');
  });

  it('loads no filter when the plan has none', () => {
    const { seccompFd: _fd, ...withoutFilter } = plan;
    expect(buildBwrapArgs(withoutFilter)).not.toContain('--seccomp');
  });

  it('never binds anything writable, nor adds a capability', () => {
    const args = buildBwrapArgs(plan);
    expect(args).not.toContain('--bind');
    expect(args).not.toContain('--dev-bind');
    expect(args).not.toContain('--cap-add');
  });
});
