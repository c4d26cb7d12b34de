import { describe, expect, it } from 'vitest';
import { buildBwrapArgs } from './build-bwrap-args.js';
import type { BwrapPlan } from './build-bwrap-args.js';

const plan: BwrapPlan = {
  network: 'host',
  system: [
    { source: '/usr', path: '/usr' },
    { target: 'usr/bin', path: '/bin' },
    { source: '/etc', path: '/etc' },
  ],
  readOnly: [
    { source: '/home/ana/project/agents', path: '/home/ana/project/agents' },
    { source: '/srv/shared/node_modules', path: '/home/ana/project/node_modules' },
  ],
  masked: ['/home/ana/project/agents/suite'],
  tmp: '/tmp',
  cwd: '/home/ana/project',
};

describe('buildBwrapArgs', () => {
  it('isolates PID, IPC and UTS, mounts /proc, /dev and /tmp, then binds, masks and changes folder, in that order', () => {
    expect(buildBwrapArgs(plan)).toEqual([
      '--unshare-pid',
      '--unshare-ipc',
      '--unshare-uts',
      '--die-with-parent',
      '--proc',
      '/proc',
      '--dev',
      '/dev',
      '--tmpfs',
      '/tmp',
      '--ro-bind',
      '/usr',
      '/usr',
      '--symlink',
      'usr/bin',
      '/bin',
      '--ro-bind',
      '/etc',
      '/etc',
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
      '--chdir',
      '/home/ana/project',
    ]);
  });

  it('adds a network namespace with network none', () => {
    const args = buildBwrapArgs({ ...plan, network: 'none' });
    expect(args.slice(0, 5)).toEqual([
      '--unshare-pid',
      '--unshare-ipc',
      '--unshare-uts',
      '--unshare-net',
      '--die-with-parent',
    ]);
    expect(buildBwrapArgs(plan)).not.toContain('--unshare-net');
  });

  it('never binds anything writable', () => {
    const args = buildBwrapArgs(plan);
    expect(args).not.toContain('--bind');
    expect(args).not.toContain('--dev-bind');
  });
});
