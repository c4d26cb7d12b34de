import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { EndstateError } from '../core/index.js';
import type { AgentIsolation, AgentNetwork, SandboxSettings } from '../sandbox/index.js';
import {
  AGENT_NETWORKS,
  ENV_NAME,
  createAgentIsolation,
  defaultAgentDir,
  findBubblewrap,
  nodePathProbe,
} from '../sandbox/index.js';

/** The run flags that shape a command or mcp agent's sandbox. */
export interface SandboxFlags {
  /** False with --no-sandbox. */
  readonly sandbox: boolean;
  readonly agentEnv?: readonly string[];
  readonly agentDir?: string;
  readonly agentMount?: readonly string[];
  readonly agentNetwork?: string;
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
    (flags.agentNetwork !== undefined && flags.agentNetwork !== 'host')
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
  const network = agentNetwork(flags.agentNetwork);
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
    env,
    mounts: flags.sandbox ? mounts : [],
    ...(flags.agentDir === undefined || !flags.sandbox ? {} : { agent_dir: flags.agentDir }),
  };
  if (!flags.sandbox) {
    if (network === 'none' || mounts.length > 0 || flags.agentDir !== undefined) {
      throw new EndstateError(
        'E_USAGE',
        '--agent-network none, --agent-mount and --agent-dir shape the sandbox: they cannot be used with --no-sandbox',
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
  checkBubblewrapWorks(program);
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
      },
    },
  });
}

function agentNetwork(value: string | undefined): AgentNetwork {
  const network = value ?? 'host';
  if ((AGENT_NETWORKS as readonly string[]).includes(network)) return network as AgentNetwork;
  throw new EndstateError('E_USAGE', `--agent-network must be host or none, got "${network}"`);
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
 * One empty sandbox before the run: where user namespaces are not allowed
 * (a hardened kernel, AppArmor), every trial would fail the same way.
 */
function checkBubblewrapWorks(program: string): void {
  const probe = spawnSync(
    program,
    ['--unshare-pid', '--die-with-parent', '--ro-bind', '/', '/', '--proc', '/proc', '--', 'true'],
    { encoding: 'utf8', timeout: 10_000, env: { PATH: process.env.PATH ?? '/usr/bin:/bin' } },
  );
  if (probe.status === 0) return;
  const why = (probe.stderr ?? '').trim() || probe.error?.message || `exit ${probe.status}`;
  throw new EndstateError(
    'E_SANDBOX',
    `bubblewrap (${program}) cannot create a sandbox here: ${why}`,
    {
      hint: 'bubblewrap needs unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1; on Ubuntu 24.04 also kernel.apparmor_restrict_unprivileged_userns=0, or an AppArmor profile for bwrap), or run as root; in a container, allow them. Else pass --no-sandbox to run the agent unisolated.',
    },
  );
}
