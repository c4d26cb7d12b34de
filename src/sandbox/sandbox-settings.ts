/**
 * How an agent program is isolated, as recorded in the system spec (and so
 * in the system hash). Only portable values: no absolute path that this
 * machine chose (system folders, the node binary, temp folders) is kept, so
 * the same command line gives the same hash on every machine.
 */
export interface SandboxSettings {
  /** `bubblewrap`: isolated (Linux); `none`: `--no-sandbox`, the agent ran unisolated. */
  readonly kind: 'bubblewrap' | 'none';
  /** `host`: the machine's network; `none`: no network at all (`--agent-network none`). */
  readonly network: 'host' | 'none';
  /** Variables passed through from endstate's environment (`--agent-env`), sorted. */
  readonly env: readonly string[];
  /** Extra read-only folders or files (`--agent-mount`), as written on the command line. */
  readonly mounts: readonly string[];
  /** `--agent-dir` as written, when given (else the agent's folder follows from its command). */
  readonly agent_dir?: string;
}

export const SANDBOX_KINDS = ['bubblewrap', 'none'] as const;
export const AGENT_NETWORKS = ['host', 'none'] as const;
export type AgentNetwork = (typeof AGENT_NETWORKS)[number];

/** The variables every agent gets, whatever `--agent-env` says (besides the protocol's ENDSTATE_*). */
export const BASE_AGENT_ENV = ['PATH', 'LANG', 'LC_ALL'] as const;
