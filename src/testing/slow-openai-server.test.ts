import { afterEach, describe, expect, it } from 'vitest';
import { startSlowOpenAiServer } from './slow-openai-server.js';
import type { SlowOpenAiServer } from './slow-openai-server.js';

const LATENCY_MS = 40;

async function ask(server: SlowOpenAiServer): Promise<string> {
  const response = await fetch(`${server.url}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'fake-model', messages: [{ role: 'user', content: 'hi' }] }),
  });
  const body = (await response.json()) as { choices: { message: { content: string } }[] };
  return body.choices[0]!.message.content;
}

describe('startSlowOpenAiServer', () => {
  let server: SlowOpenAiServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('answers after its latency and counts the requests, the most held at once and the time held', async () => {
    server = await startSlowOpenAiServer(LATENCY_MS);
    const started = performance.now();
    const answers = await Promise.all([ask(server), ask(server), ask(server)]);
    const elapsed = performance.now() - started;
    expect(answers).toEqual(['Done.', 'Done.', 'Done.']);
    expect(server.calls()).toBe(3);
    expect(server.mostInFlight()).toBe(3);
    // Each request is held its latency and whatever it was late by: no more, no less (timers may round down by 1 ms).
    expect(server.heldMs() - server.lateMs()).toBeGreaterThanOrEqual(3 * (LATENCY_MS - 1));
    expect(server.heldMs() - server.lateMs()).toBeLessThanOrEqual(3 * LATENCY_MS);
    expect(server.lateMs()).toBeGreaterThanOrEqual(0);
    // Held at once, so the time held cannot exceed three times the whole exchange.
    expect(server.heldMs()).toBeLessThanOrEqual(3 * elapsed);
  });

  it('starts its counts again at a reset', async () => {
    server = await startSlowOpenAiServer(LATENCY_MS);
    await ask(server);
    expect(server.heldMs()).toBeGreaterThan(0);
    server.reset();
    expect([server.calls(), server.heldMs(), server.lateMs(), server.mostInFlight()]).toEqual([
      0, 0, 0, 0,
    ]);
    await ask(server);
    expect(server.calls()).toBe(1);
    expect(server.heldMs()).toBeGreaterThanOrEqual(LATENCY_MS - 1);
  });
});
