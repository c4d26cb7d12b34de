export { AgentInfrastructureError } from '../core/index.js';
export { TrialStoppedError } from './agent.js';
export type { TrialStopReason } from './agent.js';
export type {
  Agent,
  AgentPreflight,
  AgentPreflightOptions,
  AgentResult,
  AgentSession,
  AgentSpec,
  EndpointRefusal,
  SessionBudget,
  SessionCaps,
} from './agent.js';
export { createDoNothingAgent, createOracleAgent } from './oracle-agent.js';
export { createPathAgent, createReplayAgent } from './replay-agent.js';
export { runSteps } from './run-steps.js';
export { SLIP_KINDS, createSimulatedAgent } from './simulated-agent.js';
export type { SimulatedAgentOptions, SlipKind } from './simulated-agent.js';
export { createLlmAgent } from './llm-agent.js';
export type { LlmAgentOptions } from './llm-agent.js';
export { createCommandAgent, sandboxSpec } from './command-agent.js';
export type { CommandAgentOptions } from './command-agent.js';
export { createMcpAgent, createMcpServerAgent } from './mcp-agent.js';
export type { McpAgentOptions, McpServerAgentOptions } from './mcp-agent.js';
export { listenMcpHttp } from './mcp-http-endpoint.js';
export type { McpHttpEndpoint } from './mcp-http-endpoint.js';
export { serveSessionOverMcp } from './mcp-session-server.js';
export type { McpServeEnding, McpServeHooks, McpServeResult } from './mcp-session-server.js';
export { defineAgentKind } from './agent-kind.js';
export type { AgentBuildContext, AgentKind, AgentSpecInput } from './agent-kind.js';
export { AGENT_KINDS, AGENT_REGISTRY, agentSpecOf, createAgentFromSpec } from './agent-registry.js';
export type { ReplayAgentOptions } from './replay-agent.js';
export { createAgentMemory } from './agent-memory.js';
export type { AgentMemory } from './agent-memory.js';
