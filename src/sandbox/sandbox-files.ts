import { mkdtempSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EndstateError } from '../core/index.js';
import { SECCOMP_FILTERS } from './seccomp-filters.js';
import { AGENT_GID, AGENT_UID } from './sandbox-settings.js';

/** The files every sandbox of this process reads: its /etc/passwd and /etc/group, and the seccomp filter. */
export interface SandboxFiles {
  readonly passwd: string;
  readonly group: string;
  readonly seccomp: string;
}

/** The agent's /etc/passwd: its own user, and the names of root and of ids the namespace does not map. */
export const AGENT_PASSWD = [
  'root:x:0:0:root:/root:/usr/sbin/nologin',
  `agent:x:${AGENT_UID}:${AGENT_GID}:agent under test:/tmp:/bin/sh`,
  'nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin',
  '',
].join('\n');

export const AGENT_GROUP = ['root:x:0:', `agent:x:${AGENT_GID}:`, 'nogroup:x:65534:', ''].join(
  '\n',
);

let written: SandboxFiles | undefined;

/**
 * Writes the sandbox's files once per process into a folder every user may
 * read (none is secret), and removes it when endstate exits. Throws
 * E_SANDBOX when no seccomp filter is built for this processor.
 */
export function sandboxFiles(arch: string = process.arch): SandboxFiles {
  if (written !== undefined) return written;
  const filter = SECCOMP_FILTERS[arch];
  if (filter === undefined) {
    throw new EndstateError(
      'E_SANDBOX',
      `the agent sandbox has no seccomp filter for this processor (${arch}); it has ${Object.keys(SECCOMP_FILTERS).join(', ')}`,
      {
        hint: 'Run on x64 or arm64 Linux, or pass --no-sandbox to run the agent unisolated.',
      },
    );
  }
  const folder = mkdtempSync(join(tmpdir(), 'endstate-sandbox-'));
  chmodSync(folder, 0o755);
  const files: SandboxFiles = {
    passwd: join(folder, 'passwd'),
    group: join(folder, 'group'),
    seccomp: join(folder, 'seccomp.bpf'),
  };
  writeFileSync(files.passwd, AGENT_PASSWD, { mode: 0o644 });
  writeFileSync(files.group, AGENT_GROUP, { mode: 0o644 });
  writeFileSync(files.seccomp, Buffer.from(filter, 'base64'), { mode: 0o644 });
  process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
  written = files;
  return files;
}
