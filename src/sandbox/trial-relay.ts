import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import type { Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ConnectionListener, Resolve } from './egress-proxy.js';
import { createEgressProxy, pipeCounted, systemResolve } from './egress-proxy.js';
import type { EgressRule } from './egress-rules.js';
import { formatEgressRule } from './egress-rules.js';
import { RELAY_BESIDE, RELAY_FORWARDER } from './relay-forwarder.js';

/** Where the agent finds its proxy inside the sandbox, unless a named port takes it. */
const PROXY_PORT = 3128;
/** Connections recorded per trial; past this they are counted in one last report. */
export const MAX_RECORDED_CONNECTIONS = 1000;

export interface TrialRelayOptions {
  /** The hosts the agent may reach through the proxy (`--agent-allow-host`). */
  readonly rules: readonly EgressRule[];
  /** The port of the trial's MCP endpoint on the host's loopback, for mcp agents. */
  readonly mcpPort?: number;
  /** The sandbox's user outside its namespace when it is not endstate's (root): the sockets become its. */
  readonly hostId?: number;
  /** The node binary that runs the forwarder inside the sandbox. */
  readonly nodeBinary: string;
  readonly onConnection: ConnectionListener;
  /** Name resolution for the proxy (tests point names at local servers). */
  readonly resolve?: Resolve;
  /**
   * `beside`: the agent starts at once, beside the forwarder, and the
   * caller waits for `ready` before the agent needs the network (a
   * command agent, before its first message). `before` (default): the
   * forwarder starts the agent once listening (an mcp agent connects at
   * once).
   */
  readonly start?: 'before' | 'beside';
}

/** One trial's relays: what the agent's launch adds, and how to close them. */
export interface TrialRelay {
  /** The proxy variables and the forwarder's listeners. */
  readonly env: Readonly<Record<string, string>>;
  /** The folder of sockets, shown to the sandbox read-only. */
  readonly files: readonly string[];
  /** The forwarder, to run before the agent's command. */
  readonly wrapper: readonly string[];
  /** Resolves once the forwarder listens inside the sandbox. */
  readonly ready: Promise<void>;
  close(): Promise<void>;
}

const isLoopback = (host: string): boolean =>
  host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);

/**
 * Opens the harness's end of a sandbox's network for one trial: an HTTP(S)
 * proxy that lets through only the allowed hosts, the MCP endpoint, and a
 * tunnel for each named loopback host:port (which the agent reaches at
 * the same address, bypassing the proxy like any local service). Each is a
 * Unix socket in a fresh folder only the sandbox's user may open.
 *
 * @example
 * const relay = await openTrialRelay({ rules: [], nodeBinary: process.execPath, onConnection: console.log });
 * await relay.close();
 */
export async function openTrialRelay(options: TrialRelayOptions): Promise<TrialRelay> {
  const folder = mkdtempSync(join(tmpdir(), 'endstate-relay-'));
  const servers: Server[] = [];
  const listeners: { listen: string; socket: string }[] = [];
  let recorded = 0;
  let dropped = 0;
  const record: ConnectionListener = (connection) => {
    if (recorded < MAX_RECORDED_CONNECTIONS) {
      recorded++;
      options.onConnection(connection);
    } else dropped++;
  };
  const serve = async (name: string, server: Server, listen: string): Promise<void> => {
    const socket = join(folder, `${name}.sock`);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socket, resolve);
    });
    if (options.hostId !== undefined) chownSync(socket, options.hostId, options.hostId);
    servers.push(server);
    listeners.push({ listen, socket });
  };
  const tunnels = options.rules.filter(
    (rule): rule is EgressRule & { port: number } =>
      rule.port !== undefined && isLoopback(rule.host),
  );
  const taken = new Set([options.mcpPort, ...tunnels.map((rule) => rule.port)]);
  let proxyPort = PROXY_PORT;
  while (taken.has(proxyPort)) proxyPort++;
  let isReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (isReady = resolve));
  const readySocket = join(folder, 'ready.sock');
  try {
    const readyServer = createServer((socket) => {
      socket.destroy();
      isReady();
    });
    await new Promise<void>((resolve, reject) => {
      readyServer.once('error', reject);
      readyServer.listen(readySocket, resolve);
    });
    if (options.hostId !== undefined) chownSync(readySocket, options.hostId, options.hostId);
    servers.push(readyServer);
    await serve(
      'proxy',
      createEgressProxy(options.rules, record, options.resolve ?? systemResolve),
      `127.0.0.1:${proxyPort}`,
    );
    if (options.mcpPort !== undefined) {
      const port = options.mcpPort;
      await serve(
        'mcp',
        createServer((agent) =>
          pipeCounted(agent, connect(port, '127.0.0.1'), Buffer.alloc(0), () => {}),
        ),
        `127.0.0.1:${port}`,
      );
    }
    for (const [index, rule] of tunnels.entries()) {
      const target = rule.host === 'localhost' ? '127.0.0.1' : rule.host;
      const server = createServer((agent) =>
        pipeCounted(
          agent,
          connect(rule.port, target),
          Buffer.alloc(0),
          (bytesOut, bytesIn, failure) =>
            record({
              via: 'tunnel',
              host: rule.host,
              port: rule.port,
              allowed: true,
              ...(failure === undefined ? {} : { reason: failure }),
              bytes_out: bytesOut,
              bytes_in: bytesIn,
            }),
        ),
      );
      const inside = rule.host === '::1' ? `[::1]:${rule.port}` : `${target}:${rule.port}`;
      await serve(`tunnel-${index}`, server, inside);
    }
  } catch (error) {
    await closeAll(servers, folder);
    throw new Error(`could not open the agent's network relay: ${(error as Error).message}`, {
      cause: error,
    });
  }
  if (options.hostId !== undefined) chownSync(folder, options.hostId, options.hostId);
  const proxy = `http://127.0.0.1:${proxyPort}`;
  const direct = ['localhost', '127.0.0.1', '::1'].join(',');
  return {
    env: {
      HTTP_PROXY: proxy,
      HTTPS_PROXY: proxy,
      http_proxy: proxy,
      https_proxy: proxy,
      NO_PROXY: direct,
      no_proxy: direct,
      ENDSTATE_RELAY: JSON.stringify(listeners),
      ENDSTATE_RELAY_READY: readySocket,
    },
    files: [folder],
    wrapper:
      options.start === 'beside'
        ? ['/bin/sh', '-c', RELAY_BESIDE, options.nodeBinary, RELAY_FORWARDER]
        : [options.nodeBinary, '-e', RELAY_FORWARDER, '--'],
    ready,
    async close() {
      await closeAll(servers, folder);
      if (dropped > 0) {
        options.onConnection({
          via: 'proxy',
          host: '*',
          port: 0,
          allowed: false,
          reason: `${dropped} more connection(s) past the ${MAX_RECORDED_CONNECTIONS} recorded`,
          bytes_out: 0,
          bytes_in: 0,
        });
      }
    },
  };
}

async function closeAll(servers: readonly Server[], folder: string): Promise<void> {
  await Promise.all(
    servers.map(
      (server) =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          (server as Server & { closeAllConnections?: () => void }).closeAllConnections?.();
        }),
    ),
  );
  rmSync(folder, { recursive: true, force: true });
}

/** The allowed hosts as the system spec records them, sorted. */
export function allowHostsSpec(rules: readonly EgressRule[]): string[] {
  return [...new Set(rules.map(formatEgressRule))].sort();
}
