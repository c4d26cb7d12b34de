import { afterEach, describe, expect, it } from 'vitest';
import type { EndpointRefusal } from './agent.js';
import { MAX_RECORDED_REFUSALS, listenMcpHttp } from './mcp-http-endpoint.js';
import type { McpHttpEndpoint } from './mcp-http-endpoint.js';

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-03-26',
    capabilities: {},
    clientInfo: { name: 'probe', version: '1' },
  },
});

const HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
};

let open: McpHttpEndpoint | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

async function endpoint(): Promise<McpHttpEndpoint> {
  open = await listenMcpHttp();
  return open;
}

const post = (url: string, headers: Record<string, string> = {}): Promise<Response> =>
  fetch(url, { method: 'POST', headers: { ...HEADERS, ...headers }, body: INITIALIZE });

describe('listenMcpHttp', () => {
  it('serves at a URL holding 256 random bits, a different one per endpoint', async () => {
    const first = await endpoint();
    const second = await listenMcpHttp();
    try {
      expect(first.url).toBe(`http://127.0.0.1:${first.port}/mcp/${first.secret}`);
      expect(Buffer.from(first.secret, 'base64url')).toHaveLength(32);
      expect(second.secret).not.toBe(first.secret);
    } finally {
      await second.close();
    }
  });

  it('refuses /mcp without the secret, a wrong secret in the path or as a bearer, and records each', async () => {
    const served = await endpoint();
    const refusals: EndpointRefusal[] = [];
    served.onRefused((refusal) => refusals.push(refusal));
    const base = `http://127.0.0.1:${served.port}`;
    const answers = [
      await post(`${base}/mcp`),
      await post(`${base}/mcp/${'A'.repeat(43)}`),
      await post(`${base}/mcp`, { authorization: 'Bearer nope' }),
      await post(`${base}/`),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      const body = await answer.text();
      expect(body).toBe('{"error":"unauthorized"}');
    }
    expect(refusals.map((refusal) => refusal.reason)).toEqual([
      'no_secret',
      'wrong_secret',
      'wrong_secret',
      'no_secret',
    ]);
    expect(refusals[0]).toMatchObject({
      method: 'POST',
      remote: expect.stringMatching(/^127\.0\.0\.1:\d+$/),
    });
    expect(JSON.stringify(refusals)).not.toContain(served.secret);
  });

  it('passes on refusals made before a listener was attached', async () => {
    const served = await endpoint();
    await post(`http://127.0.0.1:${served.port}/mcp`);
    const refusals: EndpointRefusal[] = [];
    served.onRefused((refusal) => refusals.push(refusal));
    expect(refusals).toHaveLength(1);
    expect(served.refusedCount()).toBe(1);
  });

  it('records a bounded number of refusals and counts the rest', async () => {
    const served = await endpoint();
    const refusals: EndpointRefusal[] = [];
    served.onRefused((refusal) => refusals.push(refusal));
    for (let index = 0; index < MAX_RECORDED_REFUSALS + 5; index++)
      await (await post(`http://127.0.0.1:${served.port}/mcp`)).text();
    expect(refusals).toHaveLength(MAX_RECORDED_REFUSALS);
    expect(served.refusedCount()).toBe(MAX_RECORDED_REFUSALS + 5);
  });

  it('accepts the secret as a bearer token on /mcp', async () => {
    const served = await endpoint();
    const refusals: EndpointRefusal[] = [];
    served.onRefused((refusal) => refusals.push(refusal));
    const answer = post(`http://127.0.0.1:${served.port}/mcp`, {
      authorization: `Bearer ${served.secret}`,
    });
    // No server is connected yet: the request waits; closing the endpoint answers 503.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await served.close();
    open = undefined;
    expect((await answer).status).toBe(503);
    expect(refusals).toEqual([]);
  });

  it('refuses a foreign Host header with 403 and records it', async () => {
    const served = await endpoint();
    const refusals: EndpointRefusal[] = [];
    served.onRefused((refusal) => refusals.push(refusal));
    const { request } = await import('node:http');
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const sent = request(
        {
          host: '127.0.0.1',
          port: served.port,
          path: `/mcp/${served.secret}`,
          method: 'POST',
          headers: { host: 'evil.example:80', ...HEADERS },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode);
        },
      );
      sent.on('error', reject);
      sent.end(INITIALIZE);
    });
    expect(status).toBe(403);
    expect(refusals.map((refusal) => refusal.reason)).toEqual(['wrong_host']);
  });
});
