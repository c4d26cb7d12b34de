import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { AgentBuildContext, AgentSpecInput } from '../agent/index.js';
import { AGENT_KINDS, SLIP_KINDS, sandboxSpec } from '../agent/index.js';
import { EndstateError } from '../core/index.js';
import type { JsonObject } from '../core/index.js';
import { parseModelRef, withEndpoint } from '../model/index.js';
import type { DecodingSettings, ModelRef } from '../model/index.js';
import type { CallerFactory } from '../run/index.js';
import type { SandboxSpec } from '../schema/index.js';
import { readInputFileOrThrow } from '../task/index.js';
import { agentIsolation, hasSandboxFlags } from './agent-sandbox.js';
import type { HiddenPaths, SandboxFlags } from './agent-sandbox.js';
import { loadTrajectories } from './load-trajectories.js';
import { parseCommand } from './parse-command.js';

/** The simulated agent's probability of a slip per step, without --slip. */
export const DEFAULT_SLIP = 0.1;
export interface AgentChoice {
  readonly kind: string;
  readonly slip: number;
  readonly trajectory: string | undefined;
  /** `--model` for the llm agent. */
  readonly model: string | undefined;
  readonly systemPrompt: string | undefined;
  readonly decoding: DecodingSettings;
  readonly parallelToolCalls: boolean;
  /** `--command` for the command and mcp agents. */
  readonly command: string | undefined;
  /** The sandbox of command and mcp agents, and what it hides. */
  readonly sandbox: SandboxFlags;
  readonly hidden: HiddenPaths;
  /** The environment a provider's base URL is read from (`OPENAI_BASE_URL`, ...); absent: none is. */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

function readSystemPrompt(path: string, cwd: string): string {
  const file = resolve(cwd, path);
  if (!existsSync(file)) {
    throw new EndstateError('E_FILE_NOT_FOUND', `system prompt file ${path} does not exist`);
  }
  return readInputFileOrThrow(file, {
    file: path,
    what: 'system prompt file',
    code: 'E_USAGE',
    fix: 'a system prompt this long would not fit any model context; shorten it',
  }).toString('utf8');
}

/** The sandbox flags a stored sandbox spec stands for. */
export function sandboxFlagsOf(sandbox: SandboxSpec): SandboxFlags {
  return {
    sandbox: sandbox.kind === 'bubblewrap',
    agentEnv: sandbox.env,
    agentMount: sandbox.mounts,
    agentNetwork: sandbox.network,
    ...(sandbox.allow_hosts === undefined ? {} : { agentAllowHost: sandbox.allow_hosts }),
    ...(sandbox.agent_dir === undefined ? {} : { agentDir: sandbox.agent_dir }),
    ...(sandbox.limits === undefined
      ? {}
      : {
          agentMemoryMb: sandbox.limits.memory_mb,
          agentMaxProcesses: sandbox.limits.max_processes,
          agentFileSizeMb: sandbox.limits.file_size_mb,
          agentTmpMb: sandbox.limits.tmp_mb,
          agentCpuS: sandbox.limits.cpu_s,
        }),
  };
}

/**
 * What building an agent needs beyond its spec, from the shell: files are
 * read relative to `cwd`, a sandbox hides the run's folders, models come
 * from `callerFor`.
 */
export function agentBuildContext(
  cwd: string,
  hidden: HiddenPaths,
  callerFor: CallerFactory,
): AgentBuildContext {
  return {
    cwd,
    callerFor,
    loadTrajectories: (file) => loadTrajectories(file, cwd),
    readSystemPrompt: (file) => readSystemPrompt(file, cwd),
    isolate: (sandbox, command) => agentIsolation(sandboxFlagsOf(sandbox), command, hidden),
  };
}

/** The sandbox the flags ask for, as the system spec records it. */
function sandboxSpecOf(flags: SandboxFlags, command: readonly string[], hidden: HiddenPaths) {
  // Built once here so flag errors (a bad variable name, a missing mount) surface before the run.
  return sandboxSpec(agentIsolation(flags, command, hidden)).sandbox as SandboxSpec;
}

/** The agent the flags ask for, as a spec for the registry. */
export function agentSpecOfFlags(choice: AgentChoice): AgentSpecInput {
  checkFlagsApply(choice);
  switch (choice.kind) {
    case 'command':
    case 'mcp': {
      if (choice.command === undefined) {
        throw new EndstateError('E_USAGE', `--agent ${choice.kind} needs --command`, {
          hint:
            choice.kind === 'command'
              ? "e.g. --command 'node my-agent.mjs': a program speaking JSON lines (docs/command-protocol.md in the endstate package; `endstate examples` copies a complete one to endstate-examples/agents/refund-agent.mjs)"
              : "e.g. --command 'node my-mcp-client.mjs': any MCP client (docs/mcp.md in the endstate package; `endstate examples` copies one to endstate-examples/agents/mcp-refund-client.mjs)",
        });
      }
      const command = parseCommand(choice.command);
      if (
        choice.kind === 'mcp' &&
        choice.sandbox.sandbox &&
        choice.sandbox.agentNetwork === 'none'
      ) {
        throw new EndstateError(
          'E_USAGE',
          '--agent-network none cannot be used with --agent mcp: the agent reaches its MCP endpoint over the loopback network',
          {
            hint: 'Leave out --agent-network none (the agent keeps the network), or use --agent command.',
          },
        );
      }
      return {
        kind: choice.kind,
        options: { command },
        sandbox: sandboxSpecOf(choice.sandbox, command, choice.hidden) as JsonObject,
      };
    }
    case 'llm': {
      if (choice.model === undefined) {
        throw new EndstateError('E_USAGE', '--agent llm needs --model', {
          hint: 'e.g. --model openai:gpt-4o-mini, or openai-compatible:http://localhost:11434/v1#llama3.1 for Ollama.',
        });
      }
      const ref: ModelRef = withEndpoint(parseModelRef(choice.model), choice.env ?? {});
      return {
        kind: 'llm',
        options: {
          parallel_tool_calls: choice.parallelToolCalls,
          ...(choice.systemPrompt === undefined ? {} : { system_prompt_file: choice.systemPrompt }),
        },
        model: { ...ref, ...choice.decoding },
      };
    }
    case 'oracle':
      return { kind: 'oracle', options: {} };
    case 'simulated':
      return { kind: 'simulated', options: { slip: choice.slip, slips: [...SLIP_KINDS] } };
    case 'replay': {
      if (choice.trajectory === undefined) {
        throw new EndstateError('E_USAGE', '--agent replay needs --trajectory FILE');
      }
      return { kind: 'replay', options: { trajectory_file: choice.trajectory } };
    }
    default:
      throw new EndstateError('E_USAGE', `unknown agent "${choice.kind}"`, {
        hint: `Choose one of: ${AGENT_KINDS.join(', ')}.`,
      });
  }
}

function checkFlagsApply(choice: AgentChoice): void {
  if (choice.kind !== 'replay' && choice.trajectory !== undefined) {
    throw new EndstateError('E_USAGE', '--trajectory only applies to --agent replay');
  }
  if (choice.kind !== 'llm' && (choice.model !== undefined || choice.systemPrompt !== undefined)) {
    throw new EndstateError('E_USAGE', '--model and --system-prompt apply to --agent llm');
  }
  if (choice.kind !== 'command' && choice.kind !== 'mcp' && choice.command !== undefined) {
    throw new EndstateError('E_USAGE', '--command applies to --agent command and --agent mcp');
  }
  if (choice.kind !== 'command' && choice.kind !== 'mcp' && hasSandboxFlags(choice.sandbox)) {
    throw new EndstateError(
      'E_USAGE',
      '--agent-env, --agent-dir, --agent-mount and --agent-network apply to --agent command and --agent mcp',
    );
  }
}
