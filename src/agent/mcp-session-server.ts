import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type {
  CallToolResult,
  GetPromptResult,
  JSONRPCMessage,
  RequestId,
  Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { HARNESS_VERSION, isJsonObject, yieldToEventLoop } from '../core/index.js';
import type { JsonObject } from '../core/index.js';
import type { ToolCallResult, ToolDescriptor } from '../environment/index.js';
import type { PublicTaskView } from '../task/index.js';
import type { AgentResult, AgentSession } from './agent.js';
import { TrialStoppedError } from './agent.js';

/** The two tools the harness adds to the environment's: the user channel and the end of the trial. */
export const MCP_HARNESS_TOOLS = {
  sendMessage: 'send_message_to_user',
  finish: 'finish',
} as const;

/** The prompt that hands an MCP client the whole task (policy and the user's first message). */
export const MCP_TASK_PROMPT = 'task';

/** What the caller of serveSessionOverMcp learns as the session goes. */
export interface McpServeHooks {
  /** The client completed the MCP handshake (`initialize`, then `notifications/initialized`). */
  readonly onInitialized?: () => void;
}

/** How a served session ended, besides its final answer. */
export type McpServeEnding = 'finish' | 'disconnect' | 'trial-stopped';

export interface McpServeResult extends AgentResult {
  readonly ending: McpServeEnding;
}

type Settled = McpServeResult | { readonly ending: 'failed'; readonly error: unknown };

const HARNESS_TOOLS: readonly Tool[] = [
  {
    name: MCP_HARNESS_TOOLS.sendMessage,
    description:
      'Send a message to the user (the person you are helping) and wait for their reply, which ' +
      'is returned as text. This is the only way to talk to the user: ask for missing details ' +
      'or for confirmation before an irreversible action here.',
    inputSchema: {
      type: 'object',
      properties: { text: { type: 'string', minLength: 1, description: 'Your message.' } },
      required: ['text'],
      additionalProperties: false,
    },
  },
  {
    name: MCP_HARNESS_TOOLS.finish,
    description:
      'End the conversation when you are done. `final_answer` is your last message to the user ' +
      '(what you did, amounts, next steps); it is graded like every other message. Call it ' +
      'once: no tool works after it.',
    inputSchema: {
      type: 'object',
      properties: {
        final_answer: { type: 'string', description: 'Your last message to the user.' },
      },
      additionalProperties: false,
    },
  },
];

/**
 * The task as an MCP client that is a whole agent needs it: the policy, how
 * to talk to the user and end, then the user's first message.
 */
export function mcpInstructions(task: PublicTaskView): string {
  const { sendMessage, finish } = MCP_HARNESS_TOOLS;
  const channel =
    task.conversation === 'single-turn'
      ? `Nobody answers messages in this conversation: act on the request as it is, then call ${finish} with your answer to the user.`
      : `Talk to the user only with the ${sendMessage} tool; when you are done, call ${finish} with your final answer to the user.`;
  return [
    task.policy.trim(),
    `The current time is ${task.now}. ${channel}`,
    `The user says: ${task.instruction}`,
  ].join('\n\n');
}

/** Every environment tool with its exact JSON Schema, then the harness tools. */
export function listMcpTools(tools: readonly ToolDescriptor[]): Tool[] {
  const environmentTools = tools.map((tool): Tool => ({
    name: tool.name,
    description: tool.description,
    inputSchema: tool.input_schema as Tool['inputSchema'],
    annotations: {
      readOnlyHint: tool.effect === 'read',
      destructiveHint: tool.effect === 'irreversible',
    },
  }));
  return [...environmentTools, ...HARNESS_TOOLS];
}

/** A dispatcher result as MCP content: JSON text, plus structured content for objects. */
export function toCallToolResult(result: ToolCallResult): CallToolResult {
  if (!result.ok) return { isError: true, content: [textContent(JSON.stringify(result.error))] };
  const content = [textContent(JSON.stringify(result.result))];
  return isJsonObject(result.result) ? { content, structuredContent: result.result } : { content };
}

/**
 * Serves one trial's session to one MCP client over `transport`: the
 * environment's tools go through the dispatcher (so every call is recorded,
 * unknown tools included), `send_message_to_user` reaches the simulated
 * user and `finish` ends the trial with its final answer. Resolves on
 * `finish`, when the client disconnects (final answer null) or when the
 * trial stops; the server is closed by then.
 *
 * @example
 * const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
 * const agent: Agent = { ...spec, run: (session) => serveSessionOverMcp(session, serverSide) };
 */
export async function serveSessionOverMcp(
  session: AgentSession,
  transport: Transport,
  hooks: McpServeHooks = {},
): Promise<McpServeResult> {
  // The MCP SDK loads with the first session served: runs of other agents never load it.
  const { Server } = await import('@modelcontextprotocol/sdk/server/index.js');
  const {
    CallToolRequestSchema,
    GetPromptRequestSchema,
    ListPromptsRequestSchema,
    ListToolsRequestSchema,
    McpError,
    ErrorCode: McpErrorCode,
    isJSONRPCErrorResponse,
    isJSONRPCResultResponse,
  } = await import('@modelcontextprotocol/sdk/types.js');
  const harnessNames: readonly string[] = Object.values(MCP_HARNESS_TOOLS);
  const clash = session.tools.find((tool) => harnessNames.includes(tool.name));
  if (clash !== undefined) {
    throw new Error(
      `environment tool "${clash.name}" has the name of an MCP harness tool; rename it to serve the environment over MCP`,
    );
  }

  let settle: (settled: Settled) => void = () => undefined;
  const settled = new Promise<Settled>((resolve) => {
    settle = (value) => {
      settle = () => undefined;
      resolve(value);
    };
  });
  // Set by `finish`; the trial ends once its response has gone out to the client.
  let finishing: { readonly requestId: RequestId; readonly finalAnswer: string | null } | undefined;
  const finishedResult = (): McpServeResult | undefined =>
    finishing === undefined ? undefined : { ending: 'finish', finalAnswer: finishing.finalAnswer };

  const server = new Server(
    { name: 'endstate', version: HARNESS_VERSION },
    {
      capabilities: { tools: {}, prompts: {} },
      instructions: mcpInstructions(session.task),
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listMcpTools(session.tools) }));
  server.setRequestHandler(ListPromptsRequestSchema, () => ({
    prompts: [{ name: MCP_TASK_PROMPT, description: 'The policy and the user’s first message.' }],
  }));
  server.setRequestHandler(GetPromptRequestSchema, (request) => taskPrompt(request.params.name));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const { name } = request.params;
    const args = (request.params.arguments ?? {}) as JsonObject;
    if (finishing !== undefined)
      return errorResult('The trial is finished: no tool runs after finish.');
    if (name === MCP_HARNESS_TOOLS.finish) {
      const answer = args.final_answer;
      if (answer !== undefined && typeof answer !== 'string')
        return errorResult('final_answer must be a string.');
      finishing = { requestId: extra.requestId, finalAnswer: answer ?? null };
      return { content: [textContent('Finished. The trial is over; you may disconnect.')] };
    }
    try {
      if (name === MCP_HARNESS_TOOLS.sendMessage) return await sendMessage(session, args);
      return toCallToolResult(await session.callTool(name, args));
    } catch (error) {
      if (error instanceof TrialStoppedError)
        return errorResult(`${error.message}. The trial is over: stop working.`);
      settle({ ending: 'failed', error });
      throw error;
    }
  });
  server.oninitialized = () => {
    const client = server.getClientVersion();
    session.note(
      `MCP client connected: ${client?.name ?? 'unnamed'} ${client?.version ?? ''}`.trim(),
    );
    hooks.onInitialized?.();
  };
  server.onclose = () => settle(finishedResult() ?? { ending: 'disconnect', finalAnswer: null });
  const onAbort = (): void => settle({ ending: 'trial-stopped', finalAnswer: null });
  session.signal.addEventListener('abort', onAbort, { once: true });
  if (session.signal.aborted) onAbort();

  try {
    const watched = afterEachSend(transport, (message) => {
      const isResponse = isJSONRPCResultResponse(message) || isJSONRPCErrorResponse(message);
      if (isResponse && message.id === finishing?.requestId) settle(finishedResult()!);
    });
    await server.connect(watched);
    const outcome = await settled;
    if (outcome.ending === 'failed') throw outcome.error;
    return outcome;
  } finally {
    session.signal.removeEventListener('abort', onAbort);
    // Let answers already made (a call refused because the trial stopped) reach the client.
    await yieldToEventLoop();
    await server.close();
  }

  function taskPrompt(name: string): GetPromptResult {
    if (name !== MCP_TASK_PROMPT)
      throw new McpError(
        McpErrorCode.InvalidParams,
        `unknown prompt "${name}"; use "${MCP_TASK_PROMPT}"`,
      );
    return {
      description: 'The policy and the user’s first message.',
      messages: [{ role: 'user', content: textContent(mcpInstructions(session.task)) }],
    };
  }
}

async function sendMessage(session: AgentSession, args: JsonObject): Promise<CallToolResult> {
  const text = args.text;
  if (typeof text !== 'string' || text.trim() === '')
    return errorResult('text must be a non-empty string: the message to the user.');
  const reply = await session.sendToUser(text);
  if (reply.type === 'stop')
    return errorResult('The user left the conversation. The trial is over: stop working.');
  return { content: [textContent(reply.text)], structuredContent: { reply: reply.text } };
}

function textContent(text: string): { type: 'text'; text: string } {
  return { type: 'text', text };
}

function errorResult(message: string): CallToolResult {
  return { isError: true, content: [textContent(message)] };
}

/**
 * The transport as the server sees it, calling `onSent` once each message
 * has been handed over: `finish` may only end the trial (and close the
 * server) after its own response is out.
 */
function afterEachSend(transport: Transport, onSent: (message: JSONRPCMessage) => void): Transport {
  const send: Transport['send'] = async (message, options) => {
    try {
      await transport.send(message, options);
    } finally {
      onSent(message);
    }
  };
  return new Proxy(transport, {
    get(target, property) {
      if (property === 'send') return send;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function'
        ? (value as (...args: unknown[]) => unknown).bind(target)
        : value;
    },
    set: (target, property, value) => Reflect.set(target, property, value, target),
  });
}
