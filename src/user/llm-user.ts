import type {
  LanguageModelV3FunctionTool,
  LanguageModelV3Prompt,
  LanguageModelV3ToolCall,
  LanguageModelV3ToolResultPart,
} from '@ai-sdk/provider';
import { decodingOptions, parseToolInput, toolCallTurn } from '../model/index.js';
import type { DecodingSettings, ModelCaller } from '../model/index.js';
import type { UserSpec } from '../schema/index.js';
import { createScriptedUser } from './scripted-user.js';
import type {
  UserAnswer,
  UserContext,
  UserFactory,
  UserSimulator,
  UserToolbox,
} from './user-simulator.js';

/** Bumped whenever the simulator's prompt changes; part of the system spec. */
export const USER_PROMPT_VERSION = 'endstate-user/2';

/** The token with which the simulated user ends the conversation (tau-bench's). */
export const STOP_TOKEN = '###STOP###';

/**
 * The mark with which the simulator flags a reply that gives the agent what
 * it should have found itself: stripped before the agent hears the reply,
 * recorded as a hint (an `assist` event from the `simulator`).
 */
export const HINT_MARK = '[hint]';

/** How the conversation opens for the simulator, as in tau-bench (roles are flipped). */
const AGENT_GREETING = 'Hi! How can I help you today?';

/**
 * Rounds of the user's own tool calls in one turn before the simulator
 * must answer in words (its tools are withheld for the last call).
 */
export const MAX_USER_TOOL_ROUNDS = 8;

/** Added to the prompt only when the user has tools of their own, so other prompts stay as they were. */
const TOOLS_RULE =
  '- You have tools that act on your own side (your device, your account page): use them when the agent asks you to check or change something there, one step at a time, and tell the agent what you saw. Never do on your side what the agent has not asked for, unless your goal says so.';

function systemPrompt(spec: UserSpec, hasTools: boolean): string {
  const scenario = spec.scenario!;
  return [
    'You are playing a customer talking to a customer-service agent. Stay in the role of the customer.',
    'Rules:',
    '- Write one short message at a time, as the customer, in the first person.',
    '- Give information only when the agent asks for it or when it is needed; do not volunteer everything at once.',
    "- Never make up facts you were not given: if you are asked for something you do not know, say you don't remember.",
    '- Do not copy the goal below word for word.',
    `- When your goal is met, or cannot be met, reply with ${STOP_TOKEN} and nothing else.`,
    `- If you tell the agent something it should have worked out or looked up itself (you solve a step for it, or give the answer away), begin that message with ${HINT_MARK}.`,
    ...(hasTools ? [TOOLS_RULE] : []),
    '',
    ...(scenario.persona === undefined ? [] : [`Persona: ${scenario.persona}`]),
    `Goal: ${scenario.hidden_goal}`,
    ...(scenario.knows === undefined ? [] : [`What you know: ${JSON.stringify(scenario.knows)}`]),
  ].join('\n');
}

export interface LlmUsersOptions {
  readonly caller: ModelCaller;
  readonly decoding: DecodingSettings;
}

/**
 * Simulated users played by a model, for tasks with a `user.scenario`
 * (persona, hidden goal, what the user knows); other tasks keep their
 * script. The goal stays in the simulator's prompt and never reaches the
 * agent; the simulator's turns are recorded as `simulator` turns and its
 * model calls as `user` usage, apart from the agent's.
 */
export function createLlmUsers(options: LlmUsersOptions): UserFactory {
  const decoding = decodingOptions(options.decoding);
  return (context) =>
    context.spec.scenario === undefined
      ? createScriptedUser(context.spec)
      : llmUser(context, options.caller, decoding);
}

function llmUser(
  context: UserContext,
  caller: ModelCaller,
  decoding: ReturnType<typeof decodingOptions>,
): UserSimulator {
  const toolbox = context.toolbox?.tools.length === 0 ? undefined : context.toolbox;
  const prompt: LanguageModelV3Prompt = [
    { role: 'system', content: systemPrompt(context.spec, toolbox !== undefined) },
    { role: 'user', content: [{ type: 'text', text: AGENT_GREETING }] },
  ];
  const tools = toolbox === undefined ? undefined : functionTools(toolbox);
  let callIndex = 0;
  /** One reply: the user's own tool calls, if any, each answered, then their words. */
  const speak = async (): Promise<string> => {
    for (let round = 0; ; round++) {
      const offered = tools !== undefined && round < MAX_USER_TOOL_ROUNDS ? tools : undefined;
      const response = await caller.call(
        {
          role: 'user',
          trial: context.trial,
          callIndex: callIndex++,
          options: {
            prompt: [...prompt],
            ...(offered === undefined
              ? {}
              : { tools: offered, toolChoice: { type: 'auto' as const } }),
            ...decoding,
          },
        },
        context.signal,
      );
      context.recordUsage(response.usage);
      const text = response.content
        .flatMap((part) => (part.type === 'text' ? [part.text] : []))
        .join('')
        .trim();
      const calls = response.content.filter(
        (part): part is LanguageModelV3ToolCall => part.type === 'tool-call',
      );
      if (offered === undefined || calls.length === 0) {
        prompt.push({ role: 'assistant', content: [{ type: 'text', text }] });
        return text;
      }
      await useTools(toolbox!, calls, text, prompt);
    }
  };
  return {
    kind: 'llm',
    open: async () => {
      const text = (await speak()).replace(STOP_TOKEN, '').trim();
      return withoutHintMark(text) ?? text;
    },
    async reply(agentMessage): Promise<UserAnswer> {
      prompt.push({ role: 'user', content: [{ type: 'text', text: agentMessage }] });
      const text = await speak();
      if (text.includes(STOP_TOKEN)) return { type: 'stop' };
      const hint = withoutHintMark(text);
      return hint === undefined
        ? { type: 'reply', text, source: 'simulator' }
        : {
            type: 'reply',
            text: hint,
            source: 'simulator',
            assist: { type: 'hint', source: 'simulator' },
          };
    },
  };
}

function functionTools(toolbox: UserToolbox): LanguageModelV3FunctionTool[] {
  return toolbox.tools.map((tool) => ({
    type: 'function',
    name: tool.name,
    description: tool.description,
    inputSchema: tool.input_schema,
  }));
}

/**
 * Makes the simulator's tool calls on the user's side, in order, and adds
 * them and their answers to its prompt. Arguments that are not JSON are
 * passed on as text, which the tool's schema refuses as usual.
 */
async function useTools(
  toolbox: UserToolbox,
  calls: readonly LanguageModelV3ToolCall[],
  text: string,
  prompt: LanguageModelV3Prompt,
): Promise<void> {
  const inputs = calls.map((call) => parseToolInput(call.input));
  prompt.push(toolCallTurn(text, calls, inputs));
  const results: LanguageModelV3ToolResultPart[] = [];
  for (const [index, call] of calls.entries()) {
    const result = await toolbox.call(call.toolName, inputs[index] ?? {});
    results.push({
      type: 'tool-result',
      toolCallId: call.toolCallId,
      toolName: call.toolName,
      output: result.ok
        ? { type: 'json', value: result.result }
        : { type: 'error-json', value: result.error },
    });
  }
  prompt.push({ role: 'tool', content: results });
}

/** The reply without its leading hint mark (any case), or undefined when it has none. */
export function withoutHintMark(text: string): string | undefined {
  const trimmed = text.trimStart();
  if (trimmed.slice(0, HINT_MARK.length).toLowerCase() !== HINT_MARK) return undefined;
  return trimmed.slice(HINT_MARK.length).trim();
}
