export { agentEnvironment, ENV_NAME } from './agent-environment.js';
export type { AgentEnvironmentInput } from './agent-environment.js';
export { createAgentIsolation, effectiveLimits, prlimitCommand } from './agent-isolation.js';
export type {
  AgentIsolation,
  AgentIsolationOptions,
  AgentLaunch,
  AgentLaunchRequest,
  BubblewrapSetup,
} from './agent-isolation.js';
export { buildBwrapArgs } from './build-bwrap-args.js';
export type { BwrapPlan, SandboxBind, SandboxSymlink } from './build-bwrap-args.js';
export { defaultAgentDir } from './default-agent-dir.js';
export { findBubblewrap } from './find-bubblewrap.js';
export type { FindBubblewrapInput } from './find-bubblewrap.js';
export { nodePathProbe } from './node-path-probe.js';
export { ETC_PATHS, SYSTEM_PATHS, isWithin, planSandbox } from './plan-sandbox.js';
export type { PathProbe, SandboxLayout } from './plan-sandbox.js';
export { watchProcessGroup } from './process-watchdog.js';
export {
  AGENT_GID,
  AGENT_NETWORKS,
  AGENT_UID,
  BASE_AGENT_ENV,
  DEFAULT_SANDBOX_LIMITS,
  SANDBOX_KINDS,
  UNPRIVILEGED_HOST_ID,
} from './sandbox-settings.js';
export type { AgentNetwork, SandboxLimits, SandboxSettings } from './sandbox-settings.js';
export { AGENT_GROUP, AGENT_PASSWD, sandboxFiles } from './sandbox-files.js';
export type { SandboxFiles } from './sandbox-files.js';
export { SECCOMP_DENIED, SECCOMP_FILTERS, SECCOMP_LIBRARY } from './seccomp-filters.js';
export { limitReached } from './limit-reached.js';
export type { ProgramEnd } from './limit-reached.js';
export { createEgressProxy, systemResolve } from './egress-proxy.js';
export type { AgentConnection, ConnectionListener, Resolve } from './egress-proxy.js';
export {
  decideEgress,
  formatEgressRule,
  isInternalAddress,
  parseEgressRules,
} from './egress-rules.js';
export type { EgressDecision, EgressRule } from './egress-rules.js';
export { MAX_RECORDED_CONNECTIONS, allowHostsSpec, openTrialRelay } from './trial-relay.js';
export type { TrialRelay, TrialRelayOptions } from './trial-relay.js';
