import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  StreamableHTTPServerTransport,
  StreamableHTTPServerTransportOptions,
} from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { EndpointRefusal } from './agent.js';

/**
 * A Streamable HTTP MCP endpoint on 127.0.0.1 serving one session (one
 * client, one trial) to the client that holds its secret.
 */
export interface McpHttpEndpoint {
  /** `http://127.0.0.1:PORT/mcp/SECRET`: whoever holds it can play the trial. */
  readonly url: string;
  readonly port: number;
  /** The endpoint's secret (256 random bits, base64url), also accepted as `Authorization: Bearer SECRET` on /mcp. */
  readonly secret: string;
  readonly transport: Transport;
  /**
   * Sends every refused request to `listener`, those refused before it was
   * attached first (the first MAX_RECORDED_REFUSALS; later ones are counted).
   */
  onRefused(listener: (refusal: EndpointRefusal) => void): void;
  /** Requests refused so far, recorded or not. */
  refusedCount(): number;
  /** Closes the session, every open connection and the listener. */
  close(): Promise<void>;
}

export interface McpHttpOptions {
  /** Port on 127.0.0.1; 0 (the default): any free port. */
  readonly port?: number;
  /** The largest request body read, in bytes (default 4 MiB); a larger one is answered 413. */
  readonly maxBodyBytes?: number;
  /** Told when a request body was refused for its size, with what was refused and the cap. */
  readonly onBodyTooLarge?: (detail: string) => void;
}

const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;

function bodyTooLarge(declaredBytes: number | undefined, maxBodyBytes: number): string {
  const size = declaredBytes === undefined ? '' : ` of ${declaredBytes} bytes`;
  return `an MCP request body${size} is over the cap of ${maxBodyBytes} bytes (limits.max_line_bytes)`;
}

/** Refused requests passed on per endpoint; more are only counted (a flood cannot fill the trial's events). */
export const MAX_RECORDED_REFUSALS = 100;

/** Equal secrets, compared in time independent of where they differ. */
function isSecret(candidate: string, secret: string): boolean {
  const digest = (text: string): Buffer => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(candidate), digest(secret));
}

/** Why a request to the endpoint is refused, or undefined when it holds the secret. */
function refusalOf(
  request: IncomingMessage,
  port: number,
  secret: string,
): EndpointRefusal['reason'] | undefined {
  // Only clients that address this machine by loopback name (no DNS rebinding from a web page).
  const host = request.headers.host;
  if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}`) return 'wrong_host';
  let path: string;
  try {
    path = new URL(request.url ?? '/', 'http://localhost').pathname;
  } catch {
    return 'no_secret';
  }
  if (path.startsWith('/mcp/')) {
    return isSecret(path.slice('/mcp/'.length), secret) ? undefined : 'wrong_secret';
  }
  if (path !== '/mcp') return 'no_secret';
  const bearer = /^Bearer (\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (bearer === undefined) return 'no_secret';
  return isSecret(bearer, secret) ? undefined : 'wrong_secret';
}

/** Holds requests until a server has connected: a client may arrive before the trial starts. */
interface GatedHttpTransport extends StreamableHTTPServerTransport {
  /** True once a server has connected, false once the session is closed. */
  isOpen(): Promise<boolean>;
}

/** The MCP SDK loads with the first endpoint: runs of other agents never load it. */
async function createGatedHttpTransport(
  options: StreamableHTTPServerTransportOptions,
): Promise<GatedHttpTransport> {
  const { StreamableHTTPServerTransport } =
    await import('@modelcontextprotocol/sdk/server/streamableHttp.js');
  class GatedTransport extends StreamableHTTPServerTransport implements GatedHttpTransport {
    private open: (isOpen: boolean) => void = () => undefined;
    private readonly opened = new Promise<boolean>((resolve) => (this.open = resolve));
    private isClosed = false;
    async isOpen(): Promise<boolean> {
      return !this.isClosed && (await this.opened);
    }
    override async start(): Promise<void> {
      await super.start();
      this.open(true);
    }
    override async close(): Promise<void> {
      this.isClosed = true;
      this.open(false);
      await super.close();
    }
  }
  return new GatedTransport(options);
}

/**
 * Listens on 127.0.0.1:`port` (0: any free port) for one MCP session at
 * /mcp/SECRET (or /mcp with `Authorization: Bearer SECRET`), SECRET being
 * fresh random bits per endpoint. Any other request gets 401 (403 for a
 * foreign Host header) with nothing about the endpoint in it, and is
 * passed to `onRefused`: a process that finds the port cannot take the trial.
 *
 * @example
 * const endpoint = await listenMcpHttp({ port: 8765 });
 * await serveSessionOverMcp(session, endpoint.transport);
 * await endpoint.close();
 */
export async function listenMcpHttp(options: McpHttpOptions = {}): Promise<McpHttpEndpoint> {
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const transport = await createGatedHttpTransport({
    sessionIdGenerator: () => randomUUID(),
    // The SDK stops reading a body once it is past this, whether or not its length was declared.
    maxRequestBodySize: maxBodyBytes,
  });
  const refuse = (response: ServerResponse, detail: string): void => {
    options.onBodyTooLarge?.(detail);
    respond(response, 413, detail);
  };
  const secret = randomBytes(32).toString('base64url');
  // Only the holder of the secret is served, so nobody else can end the trial with a large body.
  const serve = (request: IncomingMessage, response: ServerResponse): void => {
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > maxBodyBytes) {
      request.resume(); // drained, never held
      return refuse(response, bodyTooLarge(declared, maxBodyBytes));
    }
    void handle(transport, request, response).then(() => {
      if (response.statusCode === 413)
        options.onBodyTooLarge?.(bodyTooLarge(undefined, maxBodyBytes));
    });
  };
  let port = options.port ?? 0;
  let refused = 0;
  const waiting: EndpointRefusal[] = [];
  let listener: ((refusal: EndpointRefusal) => void) | undefined;
  const server = createServer((request, response) => {
    const reason = refusalOf(request, port, secret);
    if (reason === undefined) return serve(request, response);
    refused++;
    if (refused <= MAX_RECORDED_REFUSALS) {
      const { remoteAddress, remotePort } = request.socket;
      const refusal = {
        remote: `${remoteAddress ?? '?'}:${remotePort ?? '?'}`,
        reason,
        method: request.method ?? '?',
      };
      if (listener === undefined) waiting.push(refusal);
      else listener(refusal);
    }
    // Drain what the client sent, then answer without a word about the endpoint.
    request.resume();
    if (reason === 'wrong_host') respond(response, 403, 'forbidden');
    else respond(response, 401, 'unauthorized', { 'www-authenticate': 'Bearer' });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/mcp/${secret}`,
    port,
    secret,
    transport,
    onRefused(next) {
      listener = next;
      for (const refusal of waiting.splice(0)) next(refusal);
    },
    refusedCount: () => refused,
    async close() {
      await transport.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function handle(
  transport: GatedHttpTransport,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  if (!(await transport.isOpen())) return respond(response, 503, 'the trial is over');
  try {
    await transport.handleRequest(request, response);
  } catch (error) {
    respond(response, 500, error instanceof Error ? error.message : String(error));
  }
}

function respond(
  response: ServerResponse,
  status: number,
  message: string,
  headers: Readonly<Record<string, string>> = {},
): void {
  if (response.headersSent) {
    response.end();
    return;
  }
  response.writeHead(status, { ...headers, 'content-type': 'application/json' });
  response.end(JSON.stringify({ error: message }));
}
