export { AgentInfrastructureError, TrialStoppedError } from './agent.js';
export type { Agent, AgentResult, AgentSession, AgentSpec, SessionBudget } from './agent.js';
export { createDoNothingAgent, createOracleAgent } from './oracle-agent.js';
export { perturbArgs } from './perturb-args.js';
export { createPathAgent, createReplayAgent } from './replay-agent.js';
export { runSteps } from './run-steps.js';
export { SLIP_KINDS, createSimulatedAgent } from './simulated-agent.js';
export type { SimulatedAgentOptions, SlipKind } from './simulated-agent.js';
