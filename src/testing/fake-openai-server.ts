import { createServer } from 'node:http';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { JsonObject } from '../core/index.js';

/** What the fake server answers to one request. */
export interface FakeReply {
  /** Accept the request and never answer (a provider that hangs). */
  readonly hang?: boolean;
  readonly status?: number;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body: unknown;
}

export interface FakeOpenAiServer {
  /** Base URL to give an OpenAI-compatible provider, e.g. http://127.0.0.1:43210/v1. */
  readonly url: string;
  /** Bodies of the chat completion requests received, in order. */
  readonly requests: readonly JsonObject[];
  close(): Promise<void>;
}

let nextId = 1;

const completion = (
  message: JsonObject,
  finishReason: string,
  usage = { prompt_tokens: 100, completion_tokens: 20 },
): FakeReply => ({
  body: {
    id: `chatcmpl-${nextId++}`,
    object: 'chat.completion',
    created: 0,
    model: 'fake-model',
    choices: [
      { index: 0, message: { role: 'assistant', ...message }, finish_reason: finishReason },
    ],
    usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
  },
});

/** A chat completion that calls one tool. */
export function toolCallReply(
  name: string,
  args: JsonObject,
  usage?: { prompt_tokens: number; completion_tokens: number },
): FakeReply {
  return completion(
    {
      content: null,
      tool_calls: [
        {
          id: `call_${nextId}`,
          type: 'function',
          function: { name, arguments: JSON.stringify(args) },
        },
      ],
    },
    'tool_calls',
    usage,
  );
}

/** A chat completion that answers with text. */
export function textReply(
  text: string,
  usage?: { prompt_tokens: number; completion_tokens: number },
): FakeReply {
  return completion({ content: text }, 'stop', usage);
}

/** No answer at all: the connection stays open until the client gives up. */
export function noAnswer(): FakeReply {
  return { hang: true, body: null };
}

/** A 429 with Retry-After in seconds. */
export function rateLimitedReply(retryAfterSeconds = 0): FakeReply {
  return {
    status: 429,
    headers: { 'retry-after': String(retryAfterSeconds) },
    body: {
      error: {
        message: 'Rate limit reached',
        type: 'rate_limit_error',
        code: 'rate_limit_exceeded',
      },
    },
  };
}

async function bodyOf(request: IncomingMessage): Promise<JsonObject> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as JsonObject;
}

/**
 * An OpenAI-compatible chat completions server on 127.0.0.1, answering
 * each request with `respond(body, index)`: real HTTP for the real provider
 * package, with no network.
 *
 * @example
 * const server = await startFakeOpenAiServer((_body, index) => [toolCallReply('get_order', { order_id: '8842' }), textReply('Done.')][index]!);
 */
export async function startFakeOpenAiServer(
  respond: (body: JsonObject, index: number) => FakeReply,
): Promise<FakeOpenAiServer> {
  const requests: JsonObject[] = [];
  const server = createServer((request, response) => {
    void bodyOf(request).then((body) => {
      requests.push(body);
      const reply = respond(body, requests.length - 1);
      if (reply.hang === true) return;
      response.writeHead(reply.status ?? 200, {
        'content-type': 'application/json',
        ...reply.headers,
      });
      response.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Requests left hanging would keep the server open.
        server.closeAllConnections();
      }),
  };
}
