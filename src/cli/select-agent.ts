import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Agent } from '../agent/index.js';
import {
  createCommandAgent,
  createLlmAgent,
  createMcpAgent,
  createOracleAgent,
  createReplayAgent,
  createSimulatedAgent,
} from '../agent/index.js';
import { EndstateError } from '../core/index.js';
import { parseModelRef } from '../model/index.js';
import type { DecodingSettings, ModelCaller, ModelRef } from '../model/index.js';
import type { Suite, Task } from '../task/index.js';
import { AGENT_KINDS } from './agent-kinds.js';
import { agentIsolation, hasSandboxFlags } from './agent-sandbox.js';
import type { HiddenPaths, SandboxFlags } from './agent-sandbox.js';
import { loadTrajectories } from './load-trajectories.js';
import { parseCommand } from './parse-command.js';

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
}

/** Models are wired only when a model agent or user is asked for. */
export type CallerFactory = (ref: ModelRef) => Promise<ModelCaller>;

function readSystemPrompt(path: string | undefined, cwd: string): string | undefined {
  if (path === undefined) return undefined;
  const file = resolve(cwd, path);
  if (!existsSync(file)) {
    throw new EndstateError('E_FILE_NOT_FOUND', `system prompt file ${path} does not exist`);
  }
  return readFileSync(file, 'utf8');
}

/** The agent the flags ask for, and the tasks it can run (replay runs only the tasks in its file). */
export async function selectAgent(
  choice: AgentChoice,
  suite: Suite,
  tasks: readonly Task[],
  cwd: string,
  callerFor: CallerFactory,
): Promise<{ agent: Agent; tasks: readonly Task[] }> {
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
  switch (choice.kind) {
    case 'command': {
      if (choice.command === undefined) {
        throw new EndstateError('E_USAGE', '--agent command needs --command', {
          hint: "e.g. --command 'node my-agent.mjs': a program speaking JSON lines (docs/command-protocol.md in the endstate package; `endstate examples` copies a complete one to endstate-examples/agents/refund-agent.mjs)",
        });
      }
      const command = parseCommand(choice.command);
      const isolation = agentIsolation(choice.sandbox, command, choice.hidden);
      return { agent: createCommandAgent({ command, cwd, isolation }), tasks };
    }
    case 'mcp': {
      if (choice.command === undefined) {
        throw new EndstateError('E_USAGE', '--agent mcp needs --command', {
          hint: "e.g. --command 'node my-mcp-client.mjs': any MCP client (docs/mcp.md in the endstate package; `endstate examples` copies one to endstate-examples/agents/mcp-refund-client.mjs)",
        });
      }
      const command = parseCommand(choice.command);
      if (choice.sandbox.sandbox && choice.sandbox.agentNetwork === 'none') {
        throw new EndstateError(
          'E_USAGE',
          '--agent-network none cannot be used with --agent mcp: the agent reaches its MCP endpoint over the loopback network',
          {
            hint: 'Leave out --agent-network none (the agent keeps the network), or use --agent command.',
          },
        );
      }
      const isolation = agentIsolation(choice.sandbox, command, choice.hidden);
      return { agent: createMcpAgent({ command, cwd, isolation }), tasks };
    }
    case 'llm': {
      if (choice.model === undefined) {
        throw new EndstateError('E_USAGE', '--agent llm needs --model', {
          hint: 'e.g. --model openai:gpt-4o-mini, or openai-compatible:http://localhost:11434/v1#llama3.1 for Ollama.',
        });
      }
      const ref = parseModelRef(choice.model);
      const systemPrompt = readSystemPrompt(choice.systemPrompt, cwd);
      const agent = createLlmAgent({
        caller: await callerFor(ref),
        model: { ...ref },
        decoding: choice.decoding,
        ...(systemPrompt === undefined ? {} : { systemPrompt }),
        parallelToolCalls: choice.parallelToolCalls,
      });
      return { agent, tasks };
    }
    case 'oracle':
      return { agent: createOracleAgent(), tasks };
    case 'simulated':
      return { agent: createSimulatedAgent({ slip: choice.slip }), tasks };
    case 'replay': {
      if (choice.trajectory === undefined) {
        throw new EndstateError('E_USAGE', '--agent replay needs --trajectory FILE');
      }
      const trajectories = loadTrajectories(choice.trajectory, cwd);
      const known = new Set(suite.tasks.map((task) => task.id));
      const unknown = Object.keys(trajectories).filter((id) => !known.has(id));
      if (unknown.length > 0) {
        throw new EndstateError(
          'E_TRAJECTORY_INVALID',
          `trajectory file ${choice.trajectory} names unknown task(s): ${unknown.join(', ')}`,
          {
            hint: `Suite ${suite.name} has: ${[...known].join(', ')}.`,
          },
        );
      }
      return {
        agent: createReplayAgent(trajectories),
        tasks: tasks.filter((task) => Object.hasOwn(trajectories, task.id)),
      };
    }
    default:
      throw new EndstateError('E_USAGE', `unknown agent "${choice.kind}"`, {
        hint: `Choose one of: ${AGENT_KINDS.join(', ')}.`,
      });
  }
}
