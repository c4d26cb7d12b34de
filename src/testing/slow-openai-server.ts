import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';

/** An OpenAI-compatible server that answers every chat completion "Done." after a fixed latency. */
export interface SlowOpenAiServer {
  /** Base URL to give an OpenAI-compatible provider, e.g. http://127.0.0.1:43210/v1. */
  readonly url: string;
  /** Requests answered or in flight since the start or the last reset. */
  calls(): number;
  /** The most requests it held at once since the start or the last reset. */
  mostInFlight(): number;
  /**
   * The time requests spent held since the start or the last reset, summed
   * over requests (ms): over a span of time, divided by its length, the
   * mean number of requests held at once.
   */
  heldMs(): number;
  /**
   * How late answers went out since the start or the last reset, summed
   * over requests (ms): each answer's delay past the latency, when the
   * server's own process was short of CPU time.
   */
  lateMs(): number;
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
  let held = 0;
  let late = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      calls++;
      most = Math.max(most, ++inFlight);
      const arrived = performance.now();
      setTimeout(() => {
        inFlight--;
        const answeredAfter = performance.now() - arrived;
        held += answeredAfter;
        late += Math.max(0, answeredAfter - latencyMs);
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
    heldMs: () => held,
    lateMs: () => late,
    reset: () => {
      calls = 0;
      most = inFlight;
      held = 0;
      late = 0;
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
