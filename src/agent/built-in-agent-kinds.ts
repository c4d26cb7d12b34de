import { z } from 'zod';
import { EndstateError, hashJson, sha256Hex } from '../core/index.js';
import { PROVIDERS } from '../model/index.js';
import type { DecodingSettings } from '../model/index.js';
import { SandboxSpecSchema } from '../schema/index.js';
import type { AgentIsolation } from '../sandbox/index.js';
import type { AgentBuildContext, AgentKind, AgentSpecInput } from './agent-kind.js';
import { defineAgentKind } from './agent-kind.js';
import { createCommandAgent } from './command-agent.js';
import { createLlmAgent } from './llm-agent.js';
import { createMcpAgent } from './mcp-agent.js';
import { createOracleAgent } from './oracle-agent.js';
import { createReplayAgent } from './replay-agent.js';
import { SLIP_KINDS, createSimulatedAgent } from './simulated-agent.js';

/** A build step that needs something the context does not hold. */
function missing(kind: string, what: keyof AgentBuildContext, why: string): EndstateError {
  return new EndstateError('E_USAGE', `building the ${kind} agent needs context.${what} (${why})`, {
    hint: `Pass ${what} in the build context of createAgentFromSpec.`,
  });
}

const oracle = defineAgentKind({
  kind: 'oracle',
  summary: "executes each task's reference path (proves solvability)",
  optionsSchema: z.strictObject({}),
  create: () => Promise.resolve(createOracleAgent()),
});

const simulated = defineAgentKind({
  kind: 'simulated',
  summary: 'follows the reference path with seeded slips',
  optionsSchema: z.strictObject({
    slip: z.number().min(0).max(1),
    slips: z.array(z.enum(SLIP_KINDS)).optional(),
  }),
  create: (options) =>
    Promise.resolve(
      createSimulatedAgent({
        slip: options.slip,
        ...(options.slips === undefined ? {} : { slips: options.slips }),
      }),
    ),
});

const replay = defineAgentKind({
  kind: 'replay',
  summary: 'replays a trajectory file (task id → steps)',
  optionsSchema: z.strictObject({
    trajectory_file: z.string().min(1).optional(),
    trajectories_hash: z.string().optional(),
  }),
  create: (options, spec, context) => {
    const file = options.trajectory_file;
    if (file === undefined) {
      throw new EndstateError(
        'E_USAGE',
        'agent.options.trajectory_file is missing: this replay agent was built from trajectories in memory, so its spec cannot rebuild it',
        {
          hint: 'Build it with createReplayAgent(trajectories, { file }), or pass --trajectory FILE.',
        },
      );
    }
    if (context.loadTrajectories === undefined) {
      throw missing('replay', 'loadTrajectories', `to read ${file}`);
    }
    const trajectories = context.loadTrajectories(file);
    const hash = hashJson(trajectories);
    if (options.trajectories_hash !== undefined && options.trajectories_hash !== hash) {
      throw new EndstateError(
        'E_TRAJECTORY_INVALID',
        `trajectory file ${file} changed since the run: its content hash is ${hash.slice(0, 12)}, agent.options.trajectories_hash is ${options.trajectories_hash.slice(0, 12)}`,
        { hint: 'Restore the file as the run read it, or start a new run.' },
      );
    }
    return Promise.resolve(
      createReplayAgent(trajectories, {
        file,
        ...(spec.name === undefined ? {} : { name: spec.name }),
      }),
    );
  },
});

/** The model of an llm agent as its spec records it: the model reference and the decoding settings. */
const LlmModelSchema = z.strictObject({
  provider: z.enum(PROVIDERS),
  id: z.string().min(1),
  base_url: z.string().optional(),
  temperature: z.number().nonnegative().optional(),
  top_p: z.number().min(0).max(1).optional(),
  max_output_tokens: z.int().positive().optional(),
  seed: z.int().nonnegative().optional(),
});

function systemPromptOf(
  file: string | undefined,
  spec: AgentSpecInput,
  context: AgentBuildContext,
): string | undefined {
  const recorded = spec.prompt?.system_prompt_sha256;
  if (file === undefined) {
    if (typeof recorded === 'string') {
      throw new EndstateError(
        'E_USAGE',
        `agent.options.system_prompt_file is missing, but prompt.system_prompt_sha256 says the agent had a system prompt (${recorded.slice(0, 12)})`,
        { hint: 'Build the llm agent with systemPromptFile, or pass --system-prompt FILE.' },
      );
    }
    return undefined;
  }
  if (context.readSystemPrompt === undefined) {
    throw missing('llm', 'readSystemPrompt', `to read ${file}`);
  }
  const text = context.readSystemPrompt(file);
  const hash = sha256Hex(text);
  if (typeof recorded === 'string' && recorded !== hash) {
    throw new EndstateError(
      'E_USAGE',
      `system prompt file ${file} changed since the run: its sha256 is ${hash.slice(0, 12)}, prompt.system_prompt_sha256 is ${recorded.slice(0, 12)}`,
      { hint: 'Restore the file as the run read it, or start a new run.' },
    );
  }
  return text;
}

const llm = defineAgentKind({
  kind: 'llm',
  summary: 'a tool-calling loop over a model (--model)',
  optionsSchema: z.strictObject({
    parallel_tool_calls: z.boolean().default(false),
    system_prompt_file: z.string().min(1).optional(),
  }),
  create: async (options, spec, context) => {
    const parsed = LlmModelSchema.safeParse(spec.model ?? undefined);
    if (!parsed.success) {
      throw new EndstateError('E_USAGE', 'the llm agent needs its model in the spec', {
        problems: parsed.error.issues.map((issue) => ({
          message: `model${issue.path.map((key) => `.${String(key)}`).join('')}: ${issue.message}`,
        })),
        hint: 'model holds provider, id (base_url for openai-compatible) and the decoding settings.',
      });
    }
    const { provider, id, base_url: baseUrl, ...settings } = parsed.data;
    // Unset settings stay absent, as in the spec the agent was built with.
    const decoding = Object.fromEntries(
      Object.entries(settings).filter(([, value]) => value !== undefined),
    ) as DecodingSettings;
    const ref = { provider, id, ...(baseUrl === undefined ? {} : { base_url: baseUrl }) };
    const systemPrompt = systemPromptOf(options.system_prompt_file, spec, context);
    if (context.callerFor === undefined) {
      throw missing('llm', 'callerFor', `to call ${provider}:${id}`);
    }
    return createLlmAgent({
      caller: await context.callerFor(ref),
      model: { ...ref },
      decoding,
      ...(systemPrompt === undefined ? {} : { systemPrompt }),
      ...(options.system_prompt_file === undefined
        ? {}
        : { systemPromptFile: options.system_prompt_file }),
      parallelToolCalls: options.parallel_tool_calls,
    });
  },
});

const CommandOptionsSchema = z.strictObject({ command: z.array(z.string()).min(1) });

function isolationOf(
  kind: string,
  spec: AgentSpecInput,
  command: readonly string[],
  context: AgentBuildContext,
): { isolation?: AgentIsolation } {
  if (spec.sandbox === undefined) return {};
  const sandbox = SandboxSpecSchema.safeParse(spec.sandbox);
  if (!sandbox.success) {
    throw new EndstateError('E_USAGE', `the ${kind} agent's sandbox is not valid`, {
      problems: sandbox.error.issues.map((issue) => ({
        message: `sandbox${issue.path.map((key) => `.${String(key)}`).join('')}: ${issue.message}`,
      })),
    });
  }
  if (context.isolate === undefined) {
    throw missing(kind, 'isolate', `its spec has a ${sandbox.data.kind} sandbox`);
  }
  return { isolation: context.isolate(sandbox.data, command) };
}

/** What command and mcp agents share: the program, its folder, its name and its sandbox. */
function programOptions(
  kind: string,
  command: readonly string[],
  spec: AgentSpecInput,
  context: AgentBuildContext,
) {
  return {
    command,
    ...(context.cwd === undefined ? {} : { cwd: context.cwd }),
    ...(spec.name === undefined ? {} : { name: spec.name }),
    ...isolationOf(kind, spec, command, context),
  };
}

const command = defineAgentKind({
  kind: 'command',
  summary: 'a program speaking JSON lines on stdin/stdout (--command)',
  optionsSchema: CommandOptionsSchema,
  create: (options, spec, context) =>
    Promise.resolve(createCommandAgent(programOptions('command', options.command, spec, context))),
});

const mcp = defineAgentKind({
  kind: 'mcp',
  summary: "an MCP client pointed at the trial's tools (--command)",
  optionsSchema: CommandOptionsSchema,
  create: (options, spec, context) =>
    Promise.resolve(createMcpAgent(programOptions('mcp', options.command, spec, context))),
});

/** The built-in agent kinds, in the order help texts list them. */
export const BUILT_IN_AGENT_KINDS: readonly AgentKind[] = [
  oracle,
  replay,
  simulated,
  llm,
  command,
  mcp,
];
