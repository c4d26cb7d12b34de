import { spawnSync } from 'node:child_process';
import { accessSync, closeSync, constants, openSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { EndstateError } from '../core/index.js';
import type {
  AgentIsolation,
  AgentNetwork,
  SandboxLimits,
  SandboxSettings,
} from '../sandbox/index.js';
import {
  AGENT_NETWORKS,
  DEFAULT_SANDBOX_LIMITS,
  ENV_NAME,
  SECCOMP_LIBRARY,
  allowHostsSpec,
  parseEgressRules,
  UNPRIVILEGED_HOST_ID,
  buildBwrapArgs,
  createAgentIsolation,
  defaultAgentDir,
  findBubblewrap,
  nodePathProbe,
  planSandbox,
  prlimitCommand,
  sandboxFiles,
} from '../sandbox/index.js';

/** The run flags that shape a command or mcp agent's sandbox. */
export interface SandboxFlags {
  /** False with --no-sandbox. */
  readonly sandbox: boolean;
  readonly agentEnv?: readonly string[];
  readonly agentDir?: string;
  readonly agentMount?: readonly string[];
  readonly agentNetwork?: string;
  /** --agent-allow-host values, as given. */
  readonly agentAllowHost?: readonly string[];
  /** The per-trial limits (--agent-memory-mb ...), when given. */
  readonly agentMemoryMb?: number;
  readonly agentMaxProcesses?: number;
  readonly agentFileSizeMb?: number;
  readonly agentTmpMb?: number;
  readonly agentCpuS?: number;
}

/** The limits the flags set, without the ones left to their defaults. */
export function limitsOfFlags(flags: SandboxFlags): Partial<SandboxLimits> {
  const given: [keyof SandboxLimits, number | undefined][] = [
    ['memory_mb', flags.agentMemoryMb],
    ['max_processes', flags.agentMaxProcesses],
    ['file_size_mb', flags.agentFileSizeMb],
    ['tmp_mb', flags.agentTmpMb],
    ['cpu_s', flags.agentCpuS],
  ];
  return Object.fromEntries(given.filter(([, value]) => value !== undefined));
}

/** The folders of this run the agent must not see. */
export interface HiddenPaths {
  readonly cwd: string;
  /** Absolute suite folder. */
  readonly suite: string;
  /** Absolute store file. */
  readonly store: string;
}

/** Whether any sandbox flag other than the default was given (they apply to command and mcp agents only). */
export function hasSandboxFlags(flags: SandboxFlags): boolean {
  return (
    (flags.agentEnv?.length ?? 0) > 0 ||
    flags.agentDir !== undefined ||
    (flags.agentMount?.length ?? 0) > 0 ||
    flags.agentNetwork !== undefined ||
    (flags.agentAllowHost?.length ?? 0) > 0 ||
    Object.keys(limitsOfFlags(flags)).length > 0
  );
}

/**
 * The sandbox a command or mcp agent runs in, from the flags: bubblewrap
 * unless --no-sandbox; either way only declared variables reach it.
 */
export function agentIsolation(
  flags: SandboxFlags,
  command: readonly string[],
  hidden: HiddenPaths,
): AgentIsolation {
  const network = agentNetwork(flags.agentNetwork, flags.sandbox);
  const egress = parseEgressRules(flags.agentAllowHost ?? []);
  if (egress.length > 0 && network !== 'relay') {
    throw new EndstateError(
      'E_USAGE',
      `--agent-allow-host applies to --agent-network relay (the default), not ${network}${flags.sandbox ? '' : ' (--no-sandbox)'}`,
      { hint: 'Leave out --agent-allow-host, or --agent-network and --no-sandbox.' },
    );
  }
  const env = [...new Set(flags.agentEnv ?? [])].sort();
  const badNames = env.filter((name) => !ENV_NAME.test(name));
  if (badNames.length > 0) {
    throw new EndstateError(
      'E_USAGE',
      `--agent-env takes a variable name, got ${badNames.join(', ')}`,
      {
        hint: 'Pass the name only (--agent-env OPENAI_API_KEY): its value comes from your environment.',
      },
    );
  }
  const mounts = [...(flags.agentMount ?? [])];
  const settings: SandboxSettings = {
    kind: flags.sandbox ? 'bubblewrap' : 'none',
    network,
    ...(network === 'relay' ? { allow_hosts: allowHostsSpec(egress) } : {}),
    env,
    mounts: flags.sandbox ? mounts : [],
    ...(flags.agentDir === undefined || !flags.sandbox ? {} : { agent_dir: flags.agentDir }),
    ...(flags.sandbox
      ? {
          limits: { ...DEFAULT_SANDBOX_LIMITS, ...limitsOfFlags(flags) },
          seccomp: SECCOMP_LIBRARY,
        }
      : {}),
  };
  if (!flags.sandbox) {
    if (
      network !== 'host' ||
      mounts.length > 0 ||
      flags.agentDir !== undefined ||
      Object.keys(limitsOfFlags(flags)).length > 0
    ) {
      throw new EndstateError(
        'E_USAGE',
        "--agent-network relay or none, --agent-mount, --agent-dir and the --agent-* limits shape the sandbox: they cannot be used with --no-sandbox (whose agent has the host's network)",
        { hint: 'Leave out --no-sandbox, or those flags.' },
      );
    }
    return createAgentIsolation({ settings, hostEnv: process.env, probe: nodePathProbe });
  }
  const program = findBubblewrap({
    platform: process.platform,
    pathEnv: process.env.PATH,
    isExecutable: (path) => {
      try {
        accessSync(path, constants.X_OK);
        return true;
      } catch {
        return false;
      }
    },
  });
  const prlimit = findProgram('prlimit', 'util-linux (Debian/Ubuntu: apt-get install util-linux)');
  const files = sandboxFiles();
  // As root, the sandbox runs as nobody outside its namespace: never root with a user namespace's powers.
  const hostId = process.getuid?.() === 0 ? UNPRIVILEGED_HOST_ID : undefined;
  checkBubblewrapWorks(program, prlimit, files, hostId);
  const agentDir =
    flags.agentDir === undefined
      ? defaultAgentDir(command, hidden.cwd, nodePathProbe, process.env.PATH)
      : existingPath(flags.agentDir, '--agent-dir', hidden.cwd);
  return createAgentIsolation({
    settings,
    hostEnv: process.env,
    probe: nodePathProbe,
    bubblewrap: {
      program,
      prlimit,
      seccompFile: files.seccomp,
      egress,
      layout: {
        network,
        agentDir,
        mounts: mounts.map((mount) => existingPath(mount, '--agent-mount', hidden.cwd)),
        hidden: [
          { what: 'suite', path: hidden.suite },
          { what: 'store', path: dirname(hidden.store) },
          { what: 'working folder', path: hidden.cwd },
        ],
        nodeBinary: process.execPath,
        generated: [
          { source: files.passwd, path: '/etc/passwd' },
          { source: files.group, path: '/etc/group' },
        ],
        ...(hostId === undefined ? {} : { hostId }),
      },
    },
  });
}

/** A program on PATH, or E_SANDBOX saying which package brings it. */
function findProgram(name: string, from: string): string {
  for (const folder of (process.env.PATH ?? '').split(':')) {
    if (folder === '') continue;
    const candidate = resolve(folder, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not in this folder.
    }
  }
  throw new EndstateError(
    'E_SANDBOX',
    `${name} is not installed: the agent sandbox sets its limits with it`,
    { hint: `Install ${from}, or pass --no-sandbox to run the agent unisolated.` },
  );
}

/** The network mode: relay by default in the sandbox; without a sandbox only the host's exists. */
function agentNetwork(value: string | undefined, sandbox: boolean): AgentNetwork {
  const network = value ?? (sandbox ? 'relay' : 'host');
  if ((AGENT_NETWORKS as readonly string[]).includes(network)) return network as AgentNetwork;
  throw new EndstateError(
    'E_USAGE',
    `--agent-network must be ${AGENT_NETWORKS.join(', ')}, got "${network}"`,
  );
}

function existingPath(path: string, flag: string, cwd: string): string {
  const absolute = resolve(cwd, path);
  if (nodePathProbe.kind(absolute) === 'missing') {
    throw new EndstateError('E_FILE_NOT_FOUND', `${flag} ${path} does not exist (${absolute})`, {
      hint: `Give an existing folder or file, relative to ${cwd} or absolute.`,
    });
  }
  return absolute;
}

/**
 * One empty sandbox before the run, made as every trial's is (a user
 * namespace, no capabilities, the seccomp filter, the limits): where user
 * namespaces are not allowed (a hardened kernel, AppArmor, a container's
 * default seccomp profile), every trial would fail the same way.
 */
function checkBubblewrapWorks(
  program: string,
  prlimit: string,
  files: { readonly seccomp: string; readonly passwd: string; readonly group: string },
  hostId: number | undefined,
): void {
  const plan = planSandbox(
    {
      network: 'none',
      agentDir: '/',
      mounts: [],
      hidden: [],
      nodeBinary: process.execPath,
      generated: [{ source: files.passwd, path: '/etc/passwd' }],
      tmpBytes: 1024 * 1024,
      seccompFd: 3,
    },
    { cwd: '/', files: [] },
    nodePathProbe,
  );
  // Only the system folders: the empty sandbox binds no folder of the user's.
  const args = buildBwrapArgs({ ...plan, readOnly: [] });
  const seccomp = openSync(files.seccomp, 'r');
  let probe;
  try {
    probe = spawnSync(
      program,
      [...args, '--', ...prlimitCommand(prlimit, DEFAULT_SANDBOX_LIMITS), 'true'],
      {
        encoding: 'utf8',
        timeout: 10_000,
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
        stdio: ['ignore', 'pipe', 'pipe', seccomp],
        ...(hostId === undefined ? {} : { uid: hostId, gid: hostId }),
      },
    );
  } finally {
    closeSync(seccomp);
  }
  if (probe.status === 0) return;
  const why = (probe.stderr ?? '').trim() || probe.error?.message || `exit ${probe.status}`;
  throw new EndstateError(
    'E_SANDBOX',
    `bubblewrap (${program}) cannot create the agent's sandbox here: ${why}`,
    {
      hint: 'The sandbox needs user namespaces for unprivileged users, also when endstate runs as root: sysctl user.max_user_namespaces above 0 and kernel.unprivileged_userns_clone=1 where it exists; on Ubuntu 23.10 and later also kernel.apparmor_restrict_unprivileged_userns=0 or an AppArmor profile for bwrap. In Docker, run with --security-opt seccomp=unconfined --security-opt apparmor=unconfined --security-opt systempaths=unconfined (or a seccomp profile that also allows clone, unshare, setns, mount, umount2 and pivot_root); in Kubernetes, a pod whose seccomp and AppArmor profiles allow them and whose /proc is unmasked (see docs/sandbox.md). Else pass --no-sandbox to run the agent unisolated.',
    },
  );
}
