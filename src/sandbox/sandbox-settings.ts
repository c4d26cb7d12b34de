import { BOUNDS } from '../core/index.js';

/**
 * How an agent program is isolated, as recorded in the system spec (and so
 * in the system hash). Only portable values: no absolute path that this
 * machine chose (system folders, the node binary, temp folders) is kept, so
 * the same command line gives the same hash on every machine.
 */
export interface SandboxSettings {
  /** `bubblewrap`: isolated (Linux); `none`: `--no-sandbox`, the agent ran unisolated. */
  readonly kind: 'bubblewrap' | 'none';
  /**
   * `relay` (the default): no route out; the harness relays the agent's MCP
   * endpoint and an HTTP(S) proxy to the allowed hosts. `none`: no network
   * at all. `host`: the machine's network, unisolated.
   */
  readonly network: AgentNetwork;
  /** Hosts the proxy lets through (`--agent-allow-host`), `host` or `host:port`, sorted. */
  readonly allow_hosts?: readonly string[];
  /** Variables passed through from endstate's environment (`--agent-env`), sorted. */
  readonly env: readonly string[];
  /** Extra read-only folders or files (`--agent-mount`), as written on the command line. */
  readonly mounts: readonly string[];
  /** `--agent-dir` as written, when given (else the agent's folder follows from its command). */
  readonly agent_dir?: string;
  /** The run's resource limits per trial (a task's own `limits` may set others). */
  readonly limits?: SandboxLimits;
  /** The seccomp filter's origin, e.g. `libseccomp 2.5.4` (bubblewrap only). */
  readonly seccomp?: string;
}

/**
 * What one trial's agent program may use. Memory, CPU time and file size
 * hold per process (a process past them is stopped by the kernel), the
 * process count and /tmp per trial.
 */
export interface SandboxLimits {
  /** Data memory of each process (RLIMIT_DATA), MiB. */
  readonly memory_mb: number;
  /** Processes and threads of the agent's user in the trial's own user namespace (RLIMIT_NPROC). */
  readonly max_processes: number;
  /** Largest file a process may write (RLIMIT_FSIZE), MiB. */
  readonly file_size_mb: number;
  /** The size of the agent's /tmp (a tmpfs in memory, also its HOME), MiB. */
  readonly tmp_mb: number;
  /** CPU time of each process (RLIMIT_CPU), seconds. */
  readonly cpu_s: number;
}

/** The documented defaults (src/core/bounds.ts). */
export const DEFAULT_SANDBOX_LIMITS: SandboxLimits = {
  memory_mb: BOUNDS.memoryMb.default,
  max_processes: BOUNDS.maxProcesses.default,
  file_size_mb: BOUNDS.fileSizeMb.default,
  tmp_mb: BOUNDS.tmpMb.default,
  cpu_s: BOUNDS.cpuS.default,
};
export const AGENT_NETWORKS = ['relay', 'none', 'host'] as const;
export type AgentNetwork = (typeof AGENT_NETWORKS)[number];

/** The variables every agent gets, whatever `--agent-env` says (besides the protocol's ENDSTATE_*). */
export const BASE_AGENT_ENV = ['PATH', 'LANG', 'LC_ALL'] as const;

/** The agent's user and group inside its namespace (not root; named `agent` in its /etc/passwd). */
export const AGENT_UID = 1000;
export const AGENT_GID = 1000;

/**
 * Who the sandbox runs as outside its namespace when endstate runs as root
 * (`nobody`): never root, so the kernel counts and limits its processes,
 * and it holds no file of the host as their owner.
 */
export const UNPRIVILEGED_HOST_ID = 65534;
