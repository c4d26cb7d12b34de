import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An OpenAI-compatible server that answers every chat completion "Done." after a fixed latency. */
export interface SlowOpenAiServer {
  /** Base URL to give an OpenAI-compatible provider, e.g. http://127.0.0.1:43210/v1. */
  readonly url: string;
  /** Requests answered or in flight since the start or the last reset. */
  calls(): number;
  /** The most requests it held at once since the start or the last reset. */
  mostInFlight(): number;
  reset(): void;
  close(): Promise<void>;
}

/**
 * A provider whose only cost is its latency: every chat completion is
 * answered "Done." (100 input, 5 output tokens) `latencyMs` after its body
 * arrives, so an llm agent's trial is one model call. It counts the
 * requests it holds at once, to check that a request limit holds, and
 * serves benches of throughput against a known latency.
 *
 * @example
 * const provider = await startSlowOpenAiServer(200);
 * // endstate run suite --agent llm --model openai-compatible:${provider.url}#fake-model
 */
export async function startSlowOpenAiServer(latencyMs: number): Promise<SlowOpenAiServer> {
  let calls = 0;
  let inFlight = 0;
  let most = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      calls++;
      most = Math.max(most, ++inFlight);
      setTimeout(() => {
        inFlight--;
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            id: `chatcmpl-${calls}`,
            object: 'chat.completion',
            created: 0,
            model: 'fake-model',
            choices: [
              { index: 0, message: { role: 'assistant', content: 'Done.' }, finish_reason: 'stop' },
            ],
            usage: { prompt_tokens: 100, completion_tokens: 5, total_tokens: 105 },
          }),
        );
      }, latencyMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    calls: () => calls,
    mostInFlight: () => most,
    reset: () => {
      calls = 0;
      most = inFlight;
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
