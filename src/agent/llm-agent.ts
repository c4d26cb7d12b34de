import type {
  LanguageModelV3FunctionTool,
  LanguageModelV3Prompt,
  LanguageModelV3ToolCall,
  LanguageModelV3ToolResultPart,
} from '@ai-sdk/provider';
import { sha256Hex } from '../core/index.js';
import type { JsonObject } from '../core/index.js';
import { decodingOptions, isJsonObject, parseToolInput, toolCallTurn } from '../model/index.js';
import type { DecodingSettings, ModelCaller } from '../model/index.js';
import type { Agent, AgentResult, AgentSession } from './agent.js';

export interface LlmAgentOptions {
  readonly caller: ModelCaller;
  /** What the system spec records of the model: provider, id, base URL. */
  readonly model: JsonObject;
  readonly decoding: DecodingSettings;
  /** Added after the environment's policy in the system prompt. */
  readonly systemPrompt?: string;
  /**
   * The file `systemPrompt` was read from, as given: recorded in the system
   * spec, with the text's hash, so a stored run can rebuild its agent.
   */
  readonly systemPromptFile?: string;
  /** Run every tool call of a reply (default: only the first, as tau-bench does). */
  readonly parallelToolCalls?: boolean;
}

function systemPromptOf(session: AgentSession, extra: string | undefined): string {
  const parts = [session.task.policy.trim(), extra?.trim()].filter(
    (part): part is string => part !== undefined && part !== '',
  );
  return `${parts.join('\n\n')}\n\nThe current time is ${session.task.now}.`;
}

/**
 * A tool-calling loop over any model the AI SDK reaches. Each model reply
 * is one action: a tool call (the first only, unless parallel calls are
 * on) or a message to the user, whose answer comes back as the next user
 * turn. The harness owns the loop's limits: steps, tokens, cost and time
 * end the trial through the session.
 *
 * @example
 * const agent = createLlmAgent({ caller, model: { provider: 'openai', id: 'gpt-4o' }, decoding: { temperature: 0 } });
 */
export function createLlmAgent(options: LlmAgentOptions): Agent {
  const decoding = decodingOptions(options.decoding);
  return {
    spec: {
      kind: 'llm',
      name: options.caller.model,
      version: '1',
      options: {
        parallel_tool_calls: options.parallelToolCalls === true,
        ...(options.systemPromptFile === undefined
          ? {}
          : { system_prompt_file: options.systemPromptFile }),
      },
      model: { ...options.model, ...options.decoding },
      prompt: {
        system:
          'environment policy + current time' +
          (options.systemPrompt === undefined ? '' : ' + system prompt file'),
        system_prompt_sha256:
          options.systemPrompt === undefined ? null : sha256Hex(options.systemPrompt),
      },
    },
    readsReference: false,
    run: (session) => converse(session, options, decoding),
  };
}

async function converse(
  session: AgentSession,
  options: LlmAgentOptions,
  decoding: ReturnType<typeof decodingOptions>,
): Promise<AgentResult> {
  const prompt: LanguageModelV3Prompt = [
    { role: 'system', content: systemPromptOf(session, options.systemPrompt) },
    { role: 'user', content: [{ type: 'text', text: session.task.instruction }] },
  ];
  const tools: LanguageModelV3FunctionTool[] = session.tools.map((tool) => ({
    type: 'function',
    name: tool.name,
    description: tool.description,
    inputSchema: tool.input_schema,
  }));
  for (let callIndex = 0; ; callIndex++) {
    const response = await options.caller.call(
      {
        role: 'agent',
        trial: session.trial,
        callIndex,
        options: { prompt: [...prompt], tools, toolChoice: { type: 'auto' }, ...decoding },
      },
      session.signal,
    );
    session.recordUsage(response.usage);
    const text = response.content
      .flatMap((part) => (part.type === 'text' ? [part.text] : []))
      .join('');
    const calls = response.content.filter(
      (part): part is LanguageModelV3ToolCall => part.type === 'tool-call',
    );

    if (calls.length === 0) {
      prompt.push({ role: 'assistant', content: [{ type: 'text', text }] });
      if (session.task.conversation === 'single-turn') return { finalAnswer: text };
      const reply = await session.sendToUser(text);
      if (reply.type === 'stop') return { finalAnswer: null };
      prompt.push({ role: 'user', content: [{ type: 'text', text: reply.text }] });
      continue;
    }

    const executed = options.parallelToolCalls === true ? calls : calls.slice(0, 1);
    const inputs = executed.map((call) => parseToolInput(call.input));
    prompt.push(toolCallTurn(text, executed, inputs));
    const results: LanguageModelV3ToolResultPart[] = [];
    for (const [index, call] of executed.entries()) {
      const input = inputs[index] ?? {};
      if (!isJsonObject(input)) {
        session.note(
          `arguments for ${call.toolName} are not a JSON object: ${call.input.slice(0, 200)}`,
        );
      }
      const result = await session.callTool(call.toolName, input);
      results.push({
        type: 'tool-result',
        toolCallId: call.toolCallId,
        toolName: call.toolName,
        output: result.ok
          ? { type: 'json', value: result.result }
          : {
              type: 'error-json',
              // The model's own text, since its call is shown to it with empty arguments.
              value: isJsonObject(input)
                ? result.error
                : { ...result.error, received: call.input.slice(0, 500) },
            },
      });
    }
    prompt.push({ role: 'tool', content: results });
  }
}
