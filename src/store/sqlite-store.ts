import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { EndstateError } from '../core/index.js';
import { RunRecordSchema } from '../schema/index.js';
import type { RunRecord } from '../schema/index.js';
import { decodeTrial, encodeTrial } from './encoded-trial.js';
import type { EncodedTrial } from './encoded-trial.js';
import type { RunStore } from './run-store.js';
import { compareTrials } from './run-store.js';
import { createInlineWriter, createThreadWriter, synchronousPragma } from './sqlite-writer.js';
import type { SqliteWriter, WriteOp } from './sqlite-writer.js';

const SCHEMA_VERSION = '4';
/**
 * Version 4 stores a tool result that is a record of the trial's diff as a
 * reference to it (see encoded-trial). A version 3 store is a version 4
 * store whose events hold no reference: it is upgraded when opened.
 */
const UPGRADABLE_VERSION = '3';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS runs (
  run_id      TEXT PRIMARY KEY,
  created_at  TEXT NOT NULL,
  finished_at TEXT,
  status      TEXT NOT NULL,
  suite_name  TEXT NOT NULL,
  suite_hash  TEXT NOT NULL,
  system_hash TEXT NOT NULL,
  record      TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS trials (
  trial_id        TEXT PRIMARY KEY,
  run_id          TEXT NOT NULL REFERENCES runs(run_id),
  task_id         TEXT NOT NULL,
  attempt         INTEGER NOT NULL,
  rerun           INTEGER NOT NULL,
  valid           INTEGER NOT NULL,
  success         INTEGER NOT NULL,
  terminal_reason TEXT NOT NULL,
  exit_reason     TEXT NOT NULL,
  record          TEXT NOT NULL,
  events          TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS trials_by_run ON trials(run_id);
`;

/** A new run, written through the reading connection. */
const INSERT_RUN = `INSERT INTO runs (run_id, created_at, finished_at, status, suite_name, suite_hash, system_hash, record)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)`;

/** The other writes, by name; the writer (thread or inline) prepares them. */
const STATEMENTS = {
  updateRun: 'UPDATE runs SET status = ?, finished_at = ?, record = ? WHERE run_id = ?',
  insertTrial: `INSERT INTO trials (trial_id, run_id, task_id, attempt, rerun, valid, success, terminal_reason, exit_reason, record, events)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
};

/** Bytes per database page, for new stores. */
const PAGE_SIZE = 16_384;

/** Trials wait at most this long, or until this many are waiting, before they are committed together. */
const FLUSH_AFTER_MS = 25;
const FLUSH_AT_TRIALS = 16;

export interface SqliteStoreOptions {
  /**
   * `thread` (default for files): writes run on a thread of their own, so
   * SQLite's work uses another core; `inline`: on the calling thread.
   */
  readonly writer?: 'thread' | 'inline';
  /**
   * Make every commit durable against power loss: the writer connection
   * runs with `synchronous = FULL` (still in WAL mode), so a trial whose
   * `putTrial` resolved is on disk even if the machine goes down. Off (the
   * default, `synchronous = NORMAL`), a commit survives a crash of the
   * process but the last few may be lost to a power cut or an OS crash;
   * never the database's consistency. Each group commit then waits for an
   * fsync, which costs throughput (`npm run bench` reports how much).
   *
   * @example
   * const store = openSqliteStore('.endstate/endstate.db', { durable: true });
   */
  readonly durable?: boolean;
}

function trialOps(trial: EncodedTrial): WriteOp[] {
  return [
    [
      'insertTrial',
      [
        trial.trial_id,
        trial.run_id,
        trial.task_id,
        trial.attempt,
        trial.rerun,
        trial.valid ? 1 : 0,
        trial.success ? 1 : 0,
        trial.terminal_reason,
        trial.exit_reason,
        trial.record,
        trial.events,
      ],
    ],
  ];
}

function openDatabase(path: string): Database.Database {
  try {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    const db = new Database(path);
    // A trial row holds about 8 KB of JSON: on 16 KB pages most rows fit
    // one page instead of a chain of 4 KB overflow pages, and the writer
    // spends about a third less time per trial. It takes effect when the
    // file is created; an older store keeps its page size.
    db.pragma(`page_size = ${PAGE_SIZE}`);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('busy_timeout = 10000');
    db.exec(SCHEMA);
    const version = db
      .prepare<[], { value: string }>("SELECT value FROM meta WHERE key = 'schema_version'")
      .get();
    if (version === undefined) {
      db.prepare("INSERT INTO meta (key, value) VALUES ('schema_version', ?)").run(SCHEMA_VERSION);
    } else if (version.value === UPGRADABLE_VERSION) {
      db.prepare("UPDATE meta SET value = ? WHERE key = 'schema_version'").run(SCHEMA_VERSION);
    } else if (version.value !== SCHEMA_VERSION) {
      db.close();
      throw new Error(
        `store schema version ${version.value}, this endstate reads ${SCHEMA_VERSION}`,
      );
    }
    return db;
  } catch (error) {
    throw new EndstateError(
      'E_STORE',
      `cannot open the result store ${path}: ${(error as Error).message}`,
      {
        cause: error,
        hint: 'Check the path is writable, or move the file aside to start a new store.',
      },
    );
  }
}

/** A store's two ends: the connection it reads through and its writer. */
export interface StoreConnections {
  readonly db: Database.Database;
  readonly writer: SqliteWriter;
}

/**
 * Opens the database (creating the schema) and the store's writer: on the
 * calling thread for `:memory:` (a second connection would open another
 * database) or when asked, else on a thread; durable when asked.
 */
export function openStoreConnections(path: string, options: SqliteStoreOptions): StoreConnections {
  const db = openDatabase(path);
  const writerOptions = { durable: options.durable === true };
  // The reading connection writes too (the schema, a new run: see
  // openSqliteStore; everything with the inline writer), with the
  // writer's durability.
  db.pragma(synchronousPragma(writerOptions));
  const writer =
    options.writer === 'inline' || path === ':memory:'
      ? createInlineWriter(db, STATEMENTS)
      : createThreadWriter(path, STATEMENTS, writerOptions);
  return { db, writer };
}

/**
 * The default store: one SQLite file (`.endstate/endstate.db`) with runs,
 * trials and their events (one JSON list per trial). Finished trials are
 * committed in groups, at least every 25 ms, by a writer thread: one
 * transaction per trial would cost more than the trial itself. `putTrial`
 * resolves once its trial is committed (and synced to disk with
 * `durable: true`); `flush`, reads, `finishRun` and `close` first commit
 * what waits.
 */
export function openSqliteStore(path: string, options: SqliteStoreOptions = {}): RunStore {
  const { db, writer } = openStoreConnections(path, options);

  const insertRun = db.prepare(INSERT_RUN);
  const selectRun = db.prepare<[string], { record: string }>(
    'SELECT record FROM runs WHERE run_id = ?',
  );
  const selectLatest = db.prepare<[], { record: string }>(
    'SELECT record FROM runs ORDER BY created_at DESC, rowid DESC LIMIT 1',
  );
  const selectRuns = db.prepare<[], { record: string }>(
    'SELECT record FROM runs ORDER BY created_at, rowid',
  );
  const selectTrials = db.prepare<[string], { record: string; events: string }>(
    'SELECT record, events FROM trials WHERE run_id = ?',
  );

  let waiting: { ops: WriteOp[]; resolve: () => void; reject: (error: unknown) => void }[] = [];
  const inFlight = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  const track = (write: Promise<void>): Promise<void> => {
    const tracked = write.finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
    return tracked;
  };
  const flush = (): void => {
    clearTimeout(timer);
    timer = undefined;
    if (waiting.length === 0) return;
    const ops = waiting.flatMap((entry) => entry.ops);
    // Keep only the settlers: the encoded trials must not stay reachable
    // until the writer replies, or they outlive the young generation.
    const batch = waiting.map(({ resolve, reject }) => ({ resolve, reject }));
    waiting = [];
    track(writer.apply(ops))
      .then(
        () => batch.forEach((entry) => entry.resolve()),
        (error: unknown) => {
          const wrapped = new EndstateError(
            'E_STORE',
            `the result store could not record ${batch.length} trial(s): ${(error as Error).message}`,
            { cause: error },
          );
          batch.forEach((entry) => entry.reject(wrapped));
        },
      )
      .catch(() => undefined);
  };
  const enqueue = (trial: EncodedTrial): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ ops: trialOps(trial), resolve, reject });
      if (waiting.length >= FLUSH_AT_TRIALS) flush();
      else timer ??= setTimeout(flush, FLUSH_AFTER_MS);
    });
  /** Commits what waits, then runs `work`; failures become E_STORE errors. */
  const settled = async <T>(action: string, work: () => T | Promise<T>): Promise<T> => {
    flush();
    await Promise.allSettled([...inFlight]);
    try {
      return await work();
    } catch (error) {
      if (error instanceof EndstateError) throw error;
      throw new EndstateError(
        'E_STORE',
        `the result store could not ${action}: ${(error as Error).message}`,
        {
          cause: error,
        },
      );
    }
  };
  const parseRun = (row: { record: string } | undefined): RunRecord | undefined =>
    row === undefined ? undefined : readRunRecord(row.record);

  return {
    // Through the reading connection, at once: the writer thread takes
    // 60-90 ms to start, and trials can be played (their groups queue for
    // the thread, after the run) as soon as the run is recorded.
    createRun: (run) =>
      settled('record the run', () => {
        insertRun.run(
          run.run_id,
          run.created_at,
          run.finished_at,
          run.status,
          run.suite.name,
          run.suite.hash,
          run.system_hash,
          JSON.stringify(run),
        );
      }),
    putTrial: (trial) => enqueue(encodeTrial(trial)),
    flush,
    finishRun: (runId, status, finishedAt) =>
      settled('finish the run', async () => {
        const run = parseRun(selectRun.get(runId));
        if (run === undefined) throw new Error(`no run ${runId}`);
        const updated: RunRecord = { ...run, status, finished_at: finishedAt };
        await writer.apply([['updateRun', [status, finishedAt, JSON.stringify(updated), runId]]]);
      }),
    getRun: (runId) => settled('read a run', () => parseRun(selectRun.get(runId))),
    latestRun: () => settled('read the latest run', () => parseRun(selectLatest.get())),
    listRuns: () => settled('list runs', () => selectRuns.all().map((row) => parseRun(row)!)),
    listTrials: (runId) =>
      settled('read trials', () => {
        const order = parseRun(selectRun.get(runId))?.suite.task_ids ?? [];
        return selectTrials
          .all(runId)
          .map((row) => decodeTrial(row.record, row.events))
          .sort(compareTrials(order));
      }),
    close: () =>
      settled('close', async () => {
        await writer.close();
        db.close();
      }),
  };
}

/**
 * A stored run record, or an error that names the run and every field that
 * is out of its range (a run stored by a version that did not check them,
 * such as one with a seed past 2^32-1).
 */
function readRunRecord(text: string): RunRecord {
  const value = JSON.parse(text) as unknown;
  const parsed = RunRecordSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const runId =
    typeof value === 'object' && value !== null && 'run_id' in value
      ? String(value.run_id)
      : '(no id)';
  const problems = parsed.error.issues
    .map((issue) => `${issue.path.join('.') || 'record'}: ${issue.message}`)
    .join('; ');
  throw new EndstateError('E_STORE', `stored run ${runId} cannot be read (${problems})`, {
    hint: `It was stored outside the documented bounds (see "Bounds" in README.md): name another run by its id, or start a new run.`,
  });
}
