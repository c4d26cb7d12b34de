import { lookup } from 'node:dns/promises';
import { createServer, request as httpRequest } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import type { EgressDecision, EgressRule } from './egress-rules.js';
import { decideEgress } from './egress-rules.js';

/** One connection the agent opened through a relay, as the trial records it. */
export interface AgentConnection {
  /** `proxy`: through the HTTP(S) proxy; `tunnel`: to a named loopback port. */
  readonly via: 'proxy' | 'tunnel';
  readonly host: string;
  readonly port: number;
  readonly allowed: boolean;
  /** Why it was refused (allowed connections have none). */
  readonly reason?: string;
  /** Bytes from the agent, and to it. */
  readonly bytes_out: number;
  readonly bytes_in: number;
}

export type ConnectionListener = (connection: AgentConnection) => void;

/** Name resolution, a parameter so tests can point names anywhere. */
export type Resolve = (host: string) => Promise<string[]>;

export const systemResolve: Resolve = async (host) => {
  try {
    return (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);
  } catch {
    return [];
  }
};

/**
 * The agent's HTTP(S) proxy: `CONNECT host:port` for TLS and absolute-URI
 * requests for plain HTTP, each decided by the rules (decideEgress) and
 * connected to the address decided, never resolved again. Every
 * connection, let through or refused, is reported with its bytes.
 */
export function createEgressProxy(
  rules: readonly EgressRule[],
  onConnection: ConnectionListener,
  resolve: Resolve = systemResolve,
): Server {
  const decide = async (host: string, port: number) => {
    const name = host.replace(/^\[(.*)\]$/, '$1');
    return decideEgress(name, port, await resolve(name), rules);
  };
  const server = createServer((req, res) => {
    void forwardRequest(req, res, decide, onConnection);
  });
  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    void tunnel(req, client, head, decide, onConnection);
  });
  server.on('clientError', (_error, socket) => socket.destroy());
  return server;
}

type Decide = (host: string, port: number) => Promise<EgressDecision>;

function splitAuthority(authority: string, defaultPort: number): { host: string; port: number } {
  const match = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(authority);
  return { host: match?.[1] ?? authority, port: Number(match?.[2] ?? defaultPort) };
}

async function tunnel(
  req: IncomingMessage,
  client: Socket,
  head: Buffer,
  decide: Decide,
  onConnection: ConnectionListener,
): Promise<void> {
  const { host, port } = splitAuthority(req.url ?? '', 443);
  client.on('error', () => client.destroy());
  const decision = await decide(host, port);
  if (!decision.allowed) {
    client.end(`HTTP/1.1 403 Forbidden\r\ncontent-type: text/plain\r\n\r\n${decision.reason}\n`);
    onConnection({
      via: 'proxy',
      host,
      port,
      allowed: false,
      reason: decision.reason,
      bytes_out: 0,
      bytes_in: 0,
    });
    return;
  }
  const upstream = connect(port, decision.address);
  pipeCounted(client, upstream, head, (bytesOut, bytesIn, failure) =>
    onConnection({
      via: 'proxy',
      host,
      port,
      allowed: true,
      ...(failure === undefined ? {} : { reason: failure }),
      bytes_out: bytesOut,
      bytes_in: bytesIn,
    }),
  );
  upstream.once('connect', () => client.write('HTTP/1.1 200 Connection Established\r\n\r\n'));
}

async function forwardRequest(
  req: IncomingMessage,
  res: ServerResponse,
  decide: Decide,
  onConnection: ConnectionListener,
): Promise<void> {
  let url: URL;
  try {
    url = new URL(req.url ?? '');
  } catch {
    res
      .writeHead(400, { 'content-type': 'text/plain' })
      .end('a proxy request names an absolute http:// URL\n');
    return;
  }
  const host = url.hostname;
  const port = Number(url.port || 80);
  const decision =
    url.protocol === 'http:'
      ? await decide(host, port)
      : { allowed: false as const, reason: `${url.protocol} is not proxied: use CONNECT` };
  if (!decision.allowed) {
    res.writeHead(403, { 'content-type': 'text/plain' }).end(`${decision.reason}\n`);
    onConnection({
      via: 'proxy',
      host,
      port,
      allowed: false,
      reason: decision.reason,
      bytes_out: 0,
      bytes_in: 0,
    });
    return;
  }
  let bytesOut = 0;
  let bytesIn = 0;
  req.on('data', (chunk: Buffer) => (bytesOut += chunk.length));
  const upstream = httpRequest(
    {
      host: decision.address,
      port,
      method: req.method,
      path: `${url.pathname}${url.search}`,
      headers: { ...req.headers, host: url.host },
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.on('data', (chunk: Buffer) => (bytesIn += chunk.length));
      answer.pipe(res);
      answer.once('end', () =>
        onConnection({
          via: 'proxy',
          host,
          port,
          allowed: true,
          bytes_out: bytesOut,
          bytes_in: bytesIn,
        }),
      );
    },
  );
  upstream.once('error', (error) => {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
    res.end(`${error.message}\n`);
    onConnection({
      via: 'proxy',
      host,
      port,
      allowed: true,
      reason: error.message,
      bytes_out: bytesOut,
      bytes_in: bytesIn,
    });
  });
  req.pipe(upstream);
}

/**
 * Pipes two sockets both ways, counting bytes, and reports once when both
 * are done: with the error that ended it, if any.
 */
export function pipeCounted(
  agent: Socket,
  upstream: Socket,
  head: Buffer,
  done: (bytesOut: number, bytesIn: number, failure: string | undefined) => void,
): void {
  let bytesOut = head.length;
  let bytesIn = 0;
  let failure: string | undefined;
  let reported = false;
  const finish = (): void => {
    if (reported) return;
    reported = true;
    agent.destroy();
    upstream.destroy();
    done(bytesOut, bytesIn, failure);
  };
  if (head.length > 0) upstream.write(head);
  agent.on('data', (chunk: Buffer) => (bytesOut += chunk.length));
  upstream.on('data', (chunk: Buffer) => (bytesIn += chunk.length));
  agent.pipe(upstream);
  upstream.pipe(agent);
  upstream.once('error', (error) => {
    failure = error.message;
    finish();
  });
  agent.once('error', finish);
  agent.once('close', finish);
  upstream.once('close', finish);
}
