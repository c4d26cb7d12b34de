export { ENV_NAME } from './agent-environment.js';
export { createAgentIsolation, effectiveLimits, prlimitCommand } from './agent-isolation.js';
export type { AgentIsolation, AgentLaunch, AgentLaunchRequest } from './agent-isolation.js';
export { buildBwrapArgs } from './build-bwrap-args.js';
export { defaultAgentDir } from './default-agent-dir.js';
export { findBubblewrap } from './find-bubblewrap.js';
export { nodePathProbe } from './node-path-probe.js';
export { planSandbox } from './plan-sandbox.js';
export { watchProcessGroup } from './process-watchdog.js';
export {
  AGENT_NETWORKS,
  DEFAULT_SANDBOX_LIMITS,
  UNPRIVILEGED_HOST_ID,
} from './sandbox-settings.js';
export type { AgentNetwork, SandboxLimits, SandboxSettings } from './sandbox-settings.js';
export { sandboxFiles } from './sandbox-files.js';
export { SECCOMP_LIBRARY } from './seccomp-filters.js';
export { limitReached } from './limit-reached.js';
export type { AgentConnection, ConnectionListener } from './egress-proxy.js';
export { parseEgressRules } from './egress-rules.js';
export { allowHostsSpec } from './trial-relay.js';
export type { TrialRelay } from './trial-relay.js';
