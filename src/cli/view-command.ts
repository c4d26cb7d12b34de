import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EndstateError, isEndstateError } from '../core/index.js';
import type { RunRecord } from '../schema/index.js';
import { buildScorecard, renderHtmlReport, renderRunList } from '../report/index.js';
import { describeGoneRun, describeVerification } from '../store/index.js';
import type { RunStore } from '../store/index.js';
import type { CliIo } from './cli-io.js';
import { loadViewerTemplate } from './load-viewer-template.js';
import { goneFallbackNotice, goneRunError, resolveStoredRun } from './open-stored-run.js';
import { openExistingStore, storeSpecOf } from './store-path.js';
import type { StoreSpec } from './store-path.js';

export interface ViewFlags {
  readonly store?: string;
  /** 0 (the default): any free port. */
  readonly port?: number;
  /** Show runs whose records were changed outside endstate (else refused with 409), marked as tampered. */
  readonly acceptTampered?: boolean;
}

export interface ViewServer {
  /** `http://127.0.0.1:PORT/` */
  readonly url: string;
  /** The address of a run's report (`latest` or an id); E_RUN_NOT_FOUND when the store lacks it. */
  runUrl(runArgument: string): Promise<string>;
  close(): Promise<void>;
}

const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:",
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
};

const runHref = (run: RunRecord): string => `/runs/${encodeURIComponent(run.run_id)}`;

function send(response: ServerResponse, status: number, type: string, body: string): void {
  response.writeHead(status, {
    ...SECURITY_HEADERS,
    'content-type': `${type}; charset=utf-8`,
    'content-length': Buffer.byteLength(body),
  });
  response.end(response.req.method === 'HEAD' ? undefined : body);
}

/**
 * A run's report page, checked against its seals on every request (a
 * tampered run is refused with 409 unless accepted, then marked; runs
 * removed from the store are warned of). Reports of finished runs that
 * verify in a store missing no run do not change: render each once.
 */
function createReportCache(
  store: RunStore,
  template: string,
  acceptTampered: boolean,
  workingFolder: string,
) {
  const finished = new Map<string, string>();
  return async (run: RunRecord): Promise<{ status: number; type: string; body: string }> => {
    const verification = (await store.verifyRun(run.run_id)) ?? { status: 'unsealed' };
    const line = describeVerification(run.run_id, verification);
    if (verification.status === 'tampered' && !acceptTampered)
      return {
        status: 409,
        type: 'text/plain',
        body: `${line}\nIts figures cannot be trusted; endstate view --accept-tampered shows it anyway, marked as tampered.\n`,
      };
    const gone = (await store.listGoneRuns()).map((gone) => describeGoneRun(gone));
    const cached = finished.get(run.run_id);
    if (cached !== undefined && verification.status === 'sealed' && gone.length === 0)
      return { status: 200, type: 'text/html', body: cached };
    const trials = await store.listTrials(run.run_id);
    const scorecard = buildScorecard(run, trials);
    const own =
      verification.status === 'sealed'
        ? []
        : verification.status === 'tampered'
          ? [`TAMPERED: ${line}; shown because of --accept-tampered, its figures cannot be trusted`]
          : [line];
    const warnings = [...own, ...gone];
    const html = renderHtmlReport({
      template,
      workingFolder,
      run,
      scorecard:
        warnings.length === 0
          ? scorecard
          : { ...scorecard, warnings: [...warnings, ...scorecard.warnings] },
      trials,
    });
    if (run.status === 'finished' && verification.status === 'sealed' && gone.length === 0)
      finished.set(run.run_id, html);
    return { status: 200, type: 'text/html', body: html };
  };
}

/**
 * Whether the request names this server by a loopback name and its port.
 * A page on another site that rebinds its own name to 127.0.0.1 sends its
 * own name as Host: refusing it keeps stored runs from being read that way.
 */
function isOwnHost(host: string | undefined, port: number): boolean {
  return host === `127.0.0.1:${port}` || host === `localhost:${port}`;
}

/** The request's path, decoded; undefined when it is not a well-formed URL. */
function pathOf(url: string | undefined): { pathname: string; segments: string[] } | undefined {
  try {
    const pathname = new URL(url ?? '/', 'http://127.0.0.1').pathname;
    return { pathname, segments: pathname.split('/').map((part) => decodeURIComponent(part)) };
  } catch {
    return undefined;
  }
}

function createHandler(
  store: RunStore,
  path: string,
  port: () => number,
  options: {
    readonly template: string;
    readonly acceptTampered: boolean;
    readonly workingFolder: string;
  },
) {
  const report = createReportCache(
    store,
    options.template,
    options.acceptTampered,
    options.workingFolder,
  );
  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    if (!isOwnHost(request.headers.host, port())) {
      send(response, 403, 'text/plain', `only 127.0.0.1:${port()} or localhost:${port()}\n`);
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      send(response, 405, 'text/plain', 'only GET and HEAD\n');
      return;
    }
    const parsed = pathOf(request.url);
    if (parsed === undefined) {
      send(response, 400, 'text/plain', 'malformed URL\n');
      return;
    }
    const { pathname, segments } = parsed;
    if (pathname === '/') {
      const runs = (await store.listRuns()).reverse();
      const warnings = (await store.listGoneRuns()).map((gone) => describeGoneRun(gone)).reverse();
      send(
        response,
        200,
        'text/html',
        renderRunList({ runs, storePath: path, hrefOf: runHref, warnings }),
      );
      return;
    }
    if (pathname === '/favicon.ico') {
      response.writeHead(204, SECURITY_HEADERS).end();
      return;
    }
    const id = segments.length === 3 && segments[1] === 'runs' ? segments[2] : undefined;
    if (id !== undefined && id !== '') {
      const resolution = await resolveStoredRun(store, id);
      const run =
        resolution.type === 'stored'
          ? resolution.run
          : resolution.type === 'gone' && options.acceptTampered
            ? resolution.instead
            : undefined;
      if (run !== undefined) {
        const page = await report(run);
        send(response, page.status, page.type, page.body);
      } else if (resolution.type === 'gone') {
        // As a tampered run is: its records cannot be trusted, here they cannot even be read.
        const refusal = goneRunError(id, resolution, path, options.acceptTampered);
        send(response, 409, 'text/plain', `${refusal.message}\n${refusal.hint ?? ''}\n`);
      } else send(response, 404, 'text/plain', `no run "${id}" in ${path}\n`);
      return;
    }
    send(response, 404, 'text/plain', `not found: ${pathname} (runs are under /runs/<id>)\n`);
  };
}

/**
 * Serves the runs of a store on 127.0.0.1: `/` lists them, `/runs/<id>`
 * (or `/runs/latest`) is that run's HTML report, rendered from the store
 * on request.
 */
export async function startViewServer(options: {
  /** The store to serve (opened only if it exists). */
  readonly store: StoreSpec;
  readonly port: number;
  readonly io: CliIo;
  readonly acceptTampered?: boolean;
}): Promise<ViewServer> {
  // Read before the store is opened: a missing page leaves no connection open.
  const template = loadViewerTemplate();
  const store = await openExistingStore(options.store, options.io.cwd);
  const storeName = options.store.display;
  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      const message = isEndstateError(error)
        ? `error ${error.code}: ${error.message}`
        : `internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
      // The details (a stack) go to the terminal, never to the page.
      options.io.err(`endstate view: ${request.url ?? ''}: ${message}\n`);
      if (!response.headersSent) {
        send(
          response,
          500,
          'text/plain',
          'internal error: see the terminal running endstate view\n',
        );
      } else response.destroy();
    });
  });
  const handle = createHandler(store, storeName, () => (server.address() as AddressInfo).port, {
    template,
    acceptTampered: options.acceptTampered === true,
    workingFolder: options.io.cwd,
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, '127.0.0.1', () => resolve());
    });
  } catch (error) {
    await store.close();
    throw new EndstateError('E_USAGE', `cannot listen on 127.0.0.1:${options.port}`, {
      hint: 'Choose another --port, or 0 for any free port.',
      cause: error,
    });
  }
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}/`;
  return {
    url,
    async runUrl(runArgument) {
      const resolution = await resolveStoredRun(store, runArgument);
      if (resolution.type === 'gone') {
        const { instead } = resolution;
        if (options.acceptTampered !== true || instead === undefined)
          throw goneRunError(runArgument, resolution, storeName);
        options.io.err(goneFallbackNotice(runArgument, resolution.gone, instead));
        return new URL(runHref(instead), url).href;
      }
      if (resolution.type === 'missing') {
        throw new EndstateError('E_RUN_NOT_FOUND', `no run "${runArgument}" in ${storeName}`, {
          hint: `Open ${url} for the runs it holds.`,
        });
      }
      return new URL(runHref(resolution.run), url).href;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await store.close();
    },
  };
}

/** Resolves on the first Ctrl-C or kill. */
function untilInterrupted(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const stop = (signal: NodeJS.Signals): void => {
      process.removeListener('SIGINT', stop);
      process.removeListener('SIGTERM', stop);
      resolve(signal);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}

/**
 * `endstate view [RUN]`: browse the store's runs and their reports until
 * Ctrl-C. `stopped` is called just before the address is printed, and the
 * view serves until it resolves.
 */
export async function viewCommand(
  runArgument: string | undefined,
  flags: ViewFlags,
  io: CliIo,
  stopped: () => Promise<unknown> = untilInterrupted,
): Promise<number> {
  const spec = storeSpecOf(flags.store, io.cwd);
  const server = await startViewServer({
    store: spec,
    port: flags.port ?? 0,
    io,
    acceptTampered: flags.acceptTampered === true,
  });
  try {
    const runUrl = runArgument === undefined ? undefined : await server.runUrl(runArgument);
    // Ctrl-C is handled before the address is printed: one right after it stops in order.
    const interrupted = stopped();
    io.out(`endstate view: serving ${spec.display} at ${server.url} (Ctrl-C stops)\n`);
    if (runUrl !== undefined) io.out(`run ${runArgument}: ${runUrl}\n`);
    await interrupted;
    io.err('endstate view: stopped\n');
    return 0;
  } finally {
    await server.close();
  }
}
