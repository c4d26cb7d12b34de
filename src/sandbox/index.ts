export { agentEnvironment, ENV_NAME } from './agent-environment.js';
export type { AgentEnvironmentInput } from './agent-environment.js';
export { createAgentIsolation } from './agent-isolation.js';
export type {
  AgentIsolation,
  AgentIsolationOptions,
  AgentLaunch,
  AgentLaunchRequest,
} from './agent-isolation.js';
export { buildBwrapArgs } from './build-bwrap-args.js';
export type { BwrapPlan, SandboxBind, SandboxSymlink } from './build-bwrap-args.js';
export { defaultAgentDir } from './default-agent-dir.js';
export { findBubblewrap } from './find-bubblewrap.js';
export type { FindBubblewrapInput } from './find-bubblewrap.js';
export { nodePathProbe } from './node-path-probe.js';
export { SYSTEM_PATHS, isWithin, planSandbox } from './plan-sandbox.js';
export type { PathProbe, SandboxLayout } from './plan-sandbox.js';
export { watchProcessGroup } from './process-watchdog.js';
export { AGENT_NETWORKS, BASE_AGENT_ENV, SANDBOX_KINDS } from './sandbox-settings.js';
export type { AgentNetwork, SandboxSettings } from './sandbox-settings.js';
