import type Database from 'better-sqlite3';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/** One statement to run: its name in the writer's catalogue and its parameters. */
export type WriteOp = readonly [statement: string, params: readonly (string | number | null)[]];

/** Runs batches of writes, each batch in one transaction. */
export interface SqliteWriter {
  apply(ops: readonly WriteOp[]): Promise<void>;
  /** A setting of the writer's own connection (`PRAGMA name`): for diagnostics and tests. */
  readPragma(name: string): Promise<unknown>;
  close(): Promise<void>;
}

export interface SqliteWriterOptions {
  /**
   * Sync every commit to disk (`synchronous = FULL`): a committed write
   * survives power loss. Off (`synchronous = NORMAL`, the default), a commit
   * survives a crash of the process but the last ones may be lost with the
   * machine's power; the WAL is synced at checkpoints only.
   */
  readonly durable?: boolean;
}

/** The `synchronous` setting a writer connection runs with. */
export function synchronousPragma(options: SqliteWriterOptions): string {
  return options.durable === true ? 'synchronous = FULL' : 'synchronous = NORMAL';
}

/** Pragma names are interpolated into SQL: only plain names pass. */
function checkPragmaName(name: string): void {
  if (!/^[a-z_]+$/.test(name)) throw new Error(`not a pragma name: ${JSON.stringify(name)}`);
}

/**
 * Writes on the calling thread, through the given connection, with its
 * settings (`synchronous` included: the caller sets it).
 * @internal (not in the published types: they must not need better-sqlite3's)
 */
export function createInlineWriter(
  db: Database.Database,
  statements: Readonly<Record<string, string>>,
): SqliteWriter {
  const prepared = new Map(
    Object.entries(statements).map(([name, sql]) => [name, db.prepare(sql)]),
  );
  const applyAll = db.transaction((ops: readonly WriteOp[]) => {
    for (const [name, params] of ops) prepared.get(name)!.run(...params);
  });
  return {
    apply: (ops) => {
      try {
        applyAll(ops);
        return Promise.resolve();
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },
    readPragma: (name) => {
      try {
        checkPragmaName(name);
        return Promise.resolve(db.pragma(name, { simple: true }));
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },
    close: () => Promise.resolve(),
  };
}

/**
 * How many nice levels the writer thread sits below the thread that
 * starts it, on Linux, where a nice value belongs to one thread: with
 * every core busy (the engine compiling a run's code while its trials
 * start), the trials' thread runs first and the writer catches up later;
 * on an idle core the writer still runs at full speed. Elsewhere the
 * priority is the process's, and it is left alone.
 */
export const WRITER_NICE_STEP = 10;

/*
 * The writer thread's code. It is evaluated (not loaded from a file) so the
 * same code runs from the sources and from the build; dynamic imports work
 * whether Node evaluates it as a CommonJS script or as a module.
 */
const WRITER_THREAD = `(async () => {
  const { parentPort, workerData } = await import('node:worker_threads');
  if (process.platform === 'linux') {
    try { const os = await import('node:os'); os.setPriority(0, Math.min(19, os.getPriority(0) + ${WRITER_NICE_STEP})); } catch {}
  }
  const { default: Database } = await import(workerData.driver);
  const db = new Database(workerData.path);
  db.pragma('journal_mode = WAL');
  db.pragma(workerData.synchronous);
  db.pragma('busy_timeout = 10000');
  // Checkpoint every 16 MB of WAL (the default is 1000 pages): fewer fsyncs
  // on the writer thread, and a short checkpoint left for closing.
  db.pragma('wal_autocheckpoint = ' + Math.ceil(16777216 / db.pragma('page_size', { simple: true })));
  const prepared = new Map(Object.entries(workerData.statements).map(([name, sql]) => [name, db.prepare(sql)]));
  const applyAll = db.transaction((ops) => { for (const [name, params] of ops) prepared.get(name).run(...params); });
  parentPort.on('message', (message) => {
    if (message.type === 'close') { db.close(); parentPort.postMessage({ id: message.id, ok: true }); return; }
    try {
      if (message.type === 'pragma') parentPort.postMessage({ id: message.id, ok: true, value: db.pragma(message.name, { simple: true }) });
      else { applyAll(message.ops); parentPort.postMessage({ id: message.id, ok: true }); }
    }
    catch (error) { parentPort.postMessage({ id: message.id, ok: false, message: String(error && error.message || error) }); }
  });
})().catch((error) => { throw error; });`;

interface Reply {
  readonly id: number;
  readonly ok: boolean;
  readonly message?: string;
  /** The answer to a `pragma` message. */
  readonly value?: unknown;
}

/**
 * Writes on a thread of its own with its own connection, so that SQLite's
 * page writes and WAL checkpoints run on another core than the trials.
 */
export function createThreadWriter(
  path: string,
  statements: Readonly<Record<string, string>>,
  options: SqliteWriterOptions = {},
): SqliteWriter {
  const driver = pathToFileURL(createRequire(import.meta.url).resolve('better-sqlite3')).href;
  const worker = new Worker(WRITER_THREAD, {
    eval: true,
    workerData: { driver, path, statements, synchronous: synchronousPragma(options) },
  });
  const waiting = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  let failure: Error | undefined;
  let nextId = 1;
  const settle = (reply: Reply): void => {
    const entry = waiting.get(reply.id);
    waiting.delete(reply.id);
    if (reply.ok) entry?.resolve(reply.value);
    else entry?.reject(new Error(reply.message ?? 'the writer thread failed'));
  };
  const failAll = (error: Error): void => {
    failure = error;
    for (const entry of waiting.values()) entry.reject(error);
    waiting.clear();
  };
  worker.on('message', settle);
  worker.on('error', failAll);
  worker.on('exit', (code) => {
    if (waiting.size > 0) failAll(new Error(`the writer thread stopped (exit code ${code})`));
  });
  const send = (
    message:
      | { type: 'ops'; ops: readonly WriteOp[] }
      | { type: 'pragma'; name: string }
      | { type: 'close' },
  ): Promise<unknown> => {
    if (failure !== undefined) return Promise.reject(failure);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      worker.postMessage({ ...message, id });
    });
  };
  return {
    // Not an async function: a suspended one keeps its arguments, and the
    // group's trial records (sent, so copied already) would stay reachable
    // until the commit, long enough to reach the old generation.
    apply: (ops) => send({ type: 'ops', ops }).then(() => undefined),
    readPragma: async (name) => {
      checkPragmaName(name);
      return send({ type: 'pragma', name });
    },
    async close() {
      if (failure === undefined) await send({ type: 'close' });
      await worker.terminate();
    },
  };
}
