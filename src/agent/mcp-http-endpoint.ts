import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';

/** A Streamable HTTP MCP endpoint on 127.0.0.1 serving one session (one client, one trial). */
export interface McpHttpEndpoint {
  /** `http://127.0.0.1:PORT/mcp` */
  readonly url: string;
  readonly port: number;
  readonly transport: Transport;
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

/** Holds requests until a server has connected: a client may arrive before the trial starts. */
class GatedHttpTransport extends StreamableHTTPServerTransport {
  private open: (isOpen: boolean) => void = () => undefined;
  private readonly opened = new Promise<boolean>((resolve) => (this.open = resolve));
  private isClosed = false;
  /** True once a server has connected, false once the session is closed. */
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

/**
 * Listens on 127.0.0.1:`port` (0: any free port) for one MCP session at /mcp.
 *
 * @example
 * const endpoint = await listenMcpHttp({ port: 8765 });
 * await serveSessionOverMcp(session, endpoint.transport);
 * await endpoint.close();
 */
export async function listenMcpHttp(options: McpHttpOptions = {}): Promise<McpHttpEndpoint> {
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const transport = new GatedHttpTransport({
    sessionIdGenerator: () => randomUUID(),
    // The SDK stops reading a body once it is past this, whether or not its length was declared.
    maxRequestBodySize: maxBodyBytes,
  });
  const refuse = (response: ServerResponse, detail: string): void => {
    options.onBodyTooLarge?.(detail);
    respond(response, 413, detail);
  };
  let port = options.port ?? 0;
  const server = createServer((request, response) => {
    // Only clients that address this machine by loopback name (no DNS rebinding from a web page).
    const host = request.headers.host;
    if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}`)
      return respond(response, 403, `host ${host ?? '(none)'} is not served`);
    if (new URL(request.url ?? '/', 'http://localhost').pathname !== '/mcp')
      return respond(response, 404, 'the MCP endpoint is /mcp');
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > maxBodyBytes) {
      request.resume(); // drained, never held
      return refuse(response, bodyTooLarge(declared, maxBodyBytes));
    }
    void handle(transport, request, response).then(() => {
      if (response.statusCode === 413)
        options.onBodyTooLarge?.(bodyTooLarge(undefined, maxBodyBytes));
    });
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
    url: `http://127.0.0.1:${port}/mcp`,
    port,
    transport,
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

function respond(response: ServerResponse, status: number, message: string): void {
  if (response.headersSent) {
    response.end();
    return;
  }
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ error: message }));
}
