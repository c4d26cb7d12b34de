import type { z } from 'zod';
import type { ModelCaller, ModelRef } from '../model/index.js';
import type { AgentIsolation } from '../sandbox/index.js';
import type { SandboxSpec, TrajectoryFile } from '../schema/index.js';
import type { Agent, AgentSpec } from './agent.js';

/**
 * An agent to build, as the system spec records it (`Agent.spec`). Built
 * from command-line flags, `name` and `version` are absent (the kind
 * chooses them); rebuilt from a stored spec, they are given and the
 * rebuilt agent must have the very same spec.
 */
export type AgentSpecInput = Omit<AgentSpec, 'name' | 'version' | 'model' | 'prompt'> & {
  readonly name?: string;
  readonly version?: string;
  readonly model?: AgentSpec['model'] | null;
  readonly prompt?: AgentSpec['prompt'] | null;
};

/**
 * What building an agent needs beyond its spec, supplied by the caller
 * (the CLI, or a library user): files and models are reached through
 * these, so the registry itself touches neither.
 */
export interface AgentBuildContext {
  /** Where command and mcp agents start (default: the harness's working folder). */
  readonly cwd?: string;
  /** The llm agent's model caller, per model (see createModelCallerFactory). */
  readonly callerFor?: (ref: ModelRef) => Promise<ModelCaller>;
  /** Reads the replay agent's trajectory file (`agent.options.trajectory_file`). */
  readonly loadTrajectories?: (file: string) => TrajectoryFile;
  /** Reads the llm agent's system prompt file (`agent.options.system_prompt_file`). */
  readonly readSystemPrompt?: (file: string) => string;
  /** The sandbox of a command or mcp agent whose spec has one (`sandbox`). */
  readonly isolate?: (sandbox: SandboxSpec, command: readonly string[]) => AgentIsolation;
}

/**
 * One kind of agent in the registry: the options its spec records
 * (`agent.options`, checked by `optionsSchema`) and how to build it from
 * them. The factory may read the rest of the spec (`model`, `prompt`,
 * `sandbox`) and the build context.
 */
export interface AgentKind<Options = unknown> {
  readonly kind: string;
  /** One line for help texts. */
  readonly summary: string;
  readonly optionsSchema: z.ZodType<Options>;
  create(options: Options, spec: AgentSpecInput, context: AgentBuildContext): Promise<Agent>;
}

/** Declares an agent kind with its options type inferred from its schema. */
export function defineAgentKind<Options>(kind: AgentKind<Options>): AgentKind {
  return kind;
}
