import { connect, createServer } from 'node:net';
import type { AddressInfo, Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentConnection } from './egress-proxy.js';
import { parseEgressRules } from './egress-rules.js';
import { openTrialRelay } from './trial-relay.js';

let service: Server;
let port = 0;
beforeAll(async () => {
  service = createServer((socket) => socket.on('data', () => socket.end('pong\n')));
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  port = (service.address() as AddressInfo).port;
});
afterAll(() => service.close());

/** Sends CONNECT through the relay's proxy socket, then "ping"; the text that came back. */
function throughProxy(socketPath: string, authority: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(socketPath);
    let text = '';
    socket.on('connect', () => socket.write(`CONNECT ${authority} HTTP/1.1\r\n\r\n`));
    socket.on('data', (chunk) => {
      text += chunk.toString();
      if (text.endsWith('200 Connection Established\r\n\r\n')) socket.write('ping\n');
    });
    socket.on('close', () => resolve(text));
  });
}

async function relayWith(allow: string[]) {
  const seen: AgentConnection[] = [];
  const relay = await openTrialRelay({
    rules: parseEgressRules(allow),
    nodeBinary: process.execPath,
    onConnection: (connection) => seen.push(connection),
    // Every name points at the host's loopback, as DNS that rebinds to internal addresses would.
    resolve: () => Promise.resolve(['127.0.0.1']),
  });
  const listeners = JSON.parse(relay.env.ENDSTATE_RELAY ?? '[]') as {
    listen: string;
    socket: string;
  }[];
  const proxy = listeners.find((entry) => entry.socket.endsWith('proxy.sock'))!;
  return { relay, seen, proxy };
}

describe('openTrialRelay', () => {
  it('gives the agent a proxy on 127.0.0.1:3128 and the forwarder to run before its command', async () => {
    const { relay, proxy } = await relayWith([]);
    expect(proxy.listen).toBe('127.0.0.1:3128');
    expect(relay.env).toMatchObject({
      HTTPS_PROXY: 'http://127.0.0.1:3128',
      HTTP_PROXY: 'http://127.0.0.1:3128',
      NO_PROXY: 'localhost,127.0.0.1,::1',
    });
    expect(relay.wrapper.slice(0, 2)).toEqual([process.execPath, '-e']);
    await relay.close();
  });

  it('is ready once the forwarder says so on its socket, and starts the agent beside it when asked', async () => {
    const relay = await openTrialRelay({
      rules: [],
      nodeBinary: process.execPath,
      onConnection: () => undefined,
      start: 'beside',
    });
    expect(relay.wrapper.slice(0, 2)).toEqual(['/bin/sh', '-c']);
    let isReady = false;
    void relay.ready.then(() => (isReady = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(isReady).toBe(false);
    connect(relay.env.ENDSTATE_RELAY_READY!).end();
    await relay.ready;
    await relay.close();
  });

  it('refuses a name that resolves inside unless its exact host:port is named, and records both', async () => {
    const named = await relayWith(['api.example.test']);
    expect(await throughProxy(named.proxy.socket, `api.example.test:${port}`)).toMatch(/403/);
    expect(await throughProxy(named.proxy.socket, 'api.example.test:443')).toMatch(
      /403 Forbidden[\s\S]*internal address 127\.0\.0\.1/,
    );
    await named.relay.close();
    expect(named.seen.map((seen) => seen.allowed)).toEqual([false, false]);

    const exact = await relayWith([`api.example.test:${port}`]);
    expect(await throughProxy(exact.proxy.socket, `api.example.test:${port}`)).toMatch(/pong/);
    await exact.relay.close();
    expect(exact.seen).toEqual([
      expect.objectContaining({
        via: 'proxy',
        host: 'api.example.test',
        port,
        allowed: true,
        bytes_out: 5,
        bytes_in: 5,
      }),
    ]);
  });

  it('tunnels a named loopback port at its own address inside the sandbox', async () => {
    const { relay, seen } = await relayWith([`127.0.0.1:${port}`]);
    const listeners = JSON.parse(relay.env.ENDSTATE_RELAY ?? '[]') as {
      listen: string;
      socket: string;
    }[];
    const tunnel = listeners.find((entry) => entry.listen === `127.0.0.1:${port}`)!;
    const reply = await new Promise<string>((resolve) => {
      const socket = connect(tunnel.socket, () => socket.write('ping\n'));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
    });
    expect(reply).toBe('pong\n');
    await relay.close();
    expect(seen).toEqual([expect.objectContaining({ via: 'tunnel', port, allowed: true })]);
  });
});
