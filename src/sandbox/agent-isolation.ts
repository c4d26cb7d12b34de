import { chownSync, lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { agentEnvironment } from './agent-environment.js';
import type { ConnectionListener, Resolve } from './egress-proxy.js';
import type { EgressRule } from './egress-rules.js';
import type { TrialRelay } from './trial-relay.js';
import { openTrialRelay } from './trial-relay.js';
import { buildBwrapArgs } from './build-bwrap-args.js';
import type { PathProbe, SandboxLayout } from './plan-sandbox.js';
import { planSandbox } from './plan-sandbox.js';
import type { SandboxLimits, SandboxSettings } from './sandbox-settings.js';
import { DEFAULT_SANDBOX_LIMITS } from './sandbox-settings.js';

const MIB = 1024 * 1024;

/** One program to start: the command, where, with which variables, and files handed to it. */
export interface AgentLaunchRequest {
  readonly command: readonly string[];
  readonly cwd: string;
  /** The protocol's variables (ENDSTATE_*) and any the caller declares. */
  readonly env: Readonly<Record<string, string>>;
  /** Files the harness hands the program (paths in `env`): visible read-only. */
  readonly files: readonly string[];
  /** The task's own limits, over the run's. */
  readonly limits?: Partial<SandboxLimits>;
  /** A program to run the command through inside the sandbox (the relay's forwarder). */
  readonly wrapper?: readonly string[];
}

/** What to spawn instead: for the sandbox, bwrap and its arguments. */
export interface AgentLaunch {
  readonly command: readonly string[];
  readonly cwd: string;
  readonly env: Readonly<Record<string, string>>;
  /** The user and group to spawn as (endstate runs as root: never root). */
  readonly uid?: number;
  readonly gid?: number;
  /** Files to open and hand over as descriptors 3, 4 ... in this order. */
  readonly descriptorFiles?: readonly string[];
}

/** How the harness starts agent programs; its settings go into the system spec. */
export interface AgentIsolation {
  readonly settings: SandboxSettings;
  launch(request: AgentLaunchRequest): AgentLaunch;
  /**
   * With network `relay`: opens one trial's relays (its proxy, its MCP
   * endpoint); their variables, folder and forwarder go into the launch.
   */
  openRelay?(options: {
    readonly mcpPort?: number;
    readonly onConnection: ConnectionListener;
    readonly start?: 'before' | 'beside';
  }): Promise<TrialRelay>;
}

/** What a bubblewrap sandbox needs from the machine. */
export interface BubblewrapSetup {
  readonly program: string;
  /** util-linux's prlimit, which sets the limits inside the sandbox. */
  readonly prlimit: string;
  readonly layout: SandboxLayout;
  /** The seccomp filter (BPF), handed to bubblewrap as a descriptor. */
  readonly seccompFile?: string;
  /** With network `relay`: the hosts the proxy lets through. */
  readonly egress?: readonly EgressRule[];
  /** Name resolution for the proxy (tests point names at local servers). */
  readonly resolve?: Resolve;
}

export interface AgentIsolationOptions {
  readonly settings: SandboxSettings;
  /** endstate's own environment, the source of PATH, LANG and --agent-env names. */
  readonly hostEnv: Readonly<Record<string, string | undefined>>;
  /** For `bubblewrap`: the programs and what the agent may see. */
  readonly bubblewrap?: BubblewrapSetup;
  readonly probe: PathProbe;
}

/**
 * Starts agent programs in bubblewrap (kind `bubblewrap`) or directly
 * (`none`); either way with declared variables only.
 *
 * @example
 * const isolation = createAgentIsolation({ settings, hostEnv: process.env, bubblewrap, probe: nodePathProbe });
 * const launch = isolation.launch({ command: ['node', 'agent.mjs'], cwd, env: {}, files: [] });
 */
export function createAgentIsolation(options: AgentIsolationOptions): AgentIsolation {
  const { settings, hostEnv, bubblewrap } = options;
  if (settings.kind === 'none' || bubblewrap === undefined) {
    return {
      settings,
      launch: (request) => ({
        command: request.command,
        cwd: request.cwd,
        env: agentEnvironment({
          hostEnv,
          passThrough: settings.env,
          given: request.env,
          home: hostEnv.HOME,
          tmp: hostEnv.TMPDIR,
        }),
      }),
    };
  }
  const { layout, seccompFile } = bubblewrap;
  const withFilter: SandboxLayout =
    seccompFile === undefined ? layout : { ...layout, seccompFd: 3 };
  // Checked once up front, so a clash is a usage error before the run, not a trial error.
  planSandbox(withFilter, { cwd: '/', files: [] }, options.probe);
  return {
    settings,
    launch(request) {
      const limits = effectiveLimits(settings, request.limits);
      if (layout.hostId !== undefined) {
        for (const file of request.files) handOver(file, layout.hostId);
      }
      const plan = planSandbox(
        { ...withFilter, tmpBytes: limits.tmp_mb * MIB },
        { cwd: request.cwd, files: request.files },
        options.probe,
      );
      return {
        command: [
          bubblewrap.program,
          ...buildBwrapArgs(plan),
          '--',
          ...prlimitCommand(bubblewrap.prlimit, limits),
          ...(request.wrapper ?? []),
          ...request.command,
        ],
        cwd: '/',
        env: agentEnvironment({
          hostEnv,
          passThrough: settings.env,
          given: request.env,
          home: plan.tmp,
          tmp: plan.tmp,
        }),
        ...(layout.hostId === undefined ? {} : { uid: layout.hostId, gid: layout.hostId }),
        ...(seccompFile === undefined ? {} : { descriptorFiles: [seccompFile] }),
      };
    },
    ...(settings.network === 'relay'
      ? {
          openRelay: (relay) =>
            openTrialRelay({
              rules: bubblewrap.egress ?? [],
              nodeBinary: layout.nodeBinary,
              onConnection: relay.onConnection,
              ...(relay.mcpPort === undefined ? {} : { mcpPort: relay.mcpPort }),
              ...(relay.start === undefined ? {} : { start: relay.start }),
              ...(layout.hostId === undefined ? {} : { hostId: layout.hostId }),
              ...(bubblewrap.resolve === undefined ? {} : { resolve: bubblewrap.resolve }),
            }),
        }
      : {}),
  };
}

/** The limits one trial's program runs under: the task's own, else the run's, else the defaults. */
export function effectiveLimits(
  settings: SandboxSettings,
  taskLimits: Partial<SandboxLimits> | undefined,
): SandboxLimits {
  return { ...DEFAULT_SANDBOX_LIMITS, ...settings.limits, ...taskLimits };
}

/**
 * prlimit and its options, before the agent's command. Set inside the
 * sandbox, so the process count is the trial's own: the kernel counts a
 * user's processes per user namespace.
 */
export function prlimitCommand(program: string, limits: SandboxLimits): string[] {
  return [
    program,
    `--data=${limits.memory_mb * MIB}`,
    `--nproc=${limits.max_processes}`,
    `--fsize=${limits.file_size_mb * MIB}`,
    // The hard limit a second later: at the soft one the kernel sends SIGXCPU, which names the limit.
    `--cpu=${limits.cpu_s}:${limits.cpu_s + 1}`,
    '--',
  ];
}

/** The harness's own files for one trial (its temp folder) become the sandbox user's, so only it reads them. */
function handOver(path: string, id: number): void {
  chownSync(path, id, id);
  if (lstatSync(path).isDirectory()) {
    for (const name of readdirSync(path)) handOver(join(path, name), id);
  }
}
