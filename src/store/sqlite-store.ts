import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { EndstateError } from '../core/index.js';
import { readTrialRecord } from '../schema/index.js';
import type { RunRecord, TrialRecord } from '../schema/index.js';
import { decodeTrial, encodeTrial } from './encoded-trial.js';
import type { EncodedTrial } from './encoded-trial.js';
import { createSealer } from './create-sealer.js';
import type { RunStamp } from './create-sealer.js';
import type { IndexColumns } from './index-columns.js';
import { orderRuns } from './order-runs.js';
import { createMemoryLedger, ledgerPathOf, openLedgerFile } from './run-ledger.js';
import type { RunLedger } from './run-ledger.js';
import type { RunStore } from './run-store.js';
import { readRunRecord } from './read-run-record.js';
import { compareTrials } from './run-store.js';
import type { RunSeal, TrialSeal } from './seal-trial.js';
import type { StoredSeals } from './verify-run.js';
import { duplicateRunError, unknownRunError } from './store-errors.js';
import { createStoreKeyFile, newStoreKey, readStoreKeyFile, storeKeyPath } from './store-key.js';
import type { StoreKey } from './store-key.js';
import { createInlineWriter, createThreadWriter, synchronousPragma } from './sqlite-writer.js';
import type { SqliteWriter, WriteOp } from './sqlite-writer.js';

const SCHEMA_VERSION = '5';
/**
 * Version 5 adds each run's and trial's seal (`seal`, JSON: see
 * seal-trial), checked against the key in `<store>.key`. Version 4 stores
 * a tool result that is a record of the trial's diff as a reference to it
 * (see encoded-trial); a version 3 store is a version 4 store whose events
 * hold no reference. Both are upgraded when opened: their runs are listed
 * in the new key file as written before sealing.
 */
const UPGRADABLE_VERSIONS: readonly string[] = ['3', '4'];

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
  record      TEXT NOT NULL,
  seal        TEXT
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
  events          TEXT NOT NULL,
  seal            TEXT
);
CREATE INDEX IF NOT EXISTS trials_by_run ON trials(run_id);
CREATE UNIQUE INDEX IF NOT EXISTS trials_by_identity ON trials(run_id, task_id, attempt, rerun);
`;

/** A new run, written through the reading connection. */
const INSERT_RUN = `INSERT INTO runs (run_id, created_at, finished_at, status, suite_name, suite_hash, system_hash, record, seal)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`;

/** The other writes, by name; the writer (thread or inline) prepares them. */
const STATEMENTS = {
  updateRun:
    'UPDATE runs SET status = ?, finished_at = ?, record = ?, seal = coalesce(?, seal) WHERE run_id = ?',
  insertTrial: `INSERT INTO trials (trial_id, run_id, task_id, attempt, rerun, valid, success, terminal_reason, exit_reason, record, events, seal)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT DO NOTHING`,
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
  /**
   * Other processes write trials of this process's runs too (workers on
   * this machine, `endstate worker`): closing a run seals every stored
   * trial whose seal holds, not only those this process wrote.
   */
  readonly sharedWriters?: boolean;
}

function trialOps(trial: EncodedTrial, seal: TrialSeal | null): WriteOp[] {
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
        seal === null ? null : JSON.stringify(seal),
      ],
    ],
  ];
}

/** An open database, and the schema version it had before this opening (undefined: new). */
interface OpenedDatabase {
  readonly db: Database.Database;
  readonly previousVersion: string | undefined;
}

function openDatabase(path: string): OpenedDatabase {
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
    } else if (UPGRADABLE_VERSIONS.includes(version.value)) {
      db.transaction(() => {
        db.exec('ALTER TABLE runs ADD COLUMN seal TEXT; ALTER TABLE trials ADD COLUMN seal TEXT;');
        db.prepare("UPDATE meta SET value = ? WHERE key = 'schema_version'").run(SCHEMA_VERSION);
      })();
    } else if (version.value !== SCHEMA_VERSION) {
      db.close();
      throw new Error(
        `store schema version ${version.value}, this endstate reads ${SCHEMA_VERSION}`,
      );
    }
    return { db, previousVersion: version?.value };
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

/** A run's row as its check reads it: record, seal and index columns. */
type SealedRunRow = { record: string; seal: string | null } & IndexColumns;
/** A trial's row as its check reads it. */
type SealedTrialRow = { record: string; events: string; seal: string | null } & IndexColumns;

/** SQLite's 0 and 1 as booleans; anything else as it is (so it shows as changed). */
const asBoolean = (value: unknown): unknown => (value === 1 ? true : value === 0 ? false : value);

/** The ledger beside the store's key (in memory for `:memory:`); none without a key. */
function ledgerOf(path: string, key: StoreKey | undefined): RunLedger | undefined {
  if (key === undefined) return undefined;
  if (path === ':memory:') return createMemoryLedger(key.key);
  return openLedgerFile(ledgerPathOf(storeKeyPath(path)), key.key);
}

const nullableJson = (value: unknown): string | null =>
  value === null || value === undefined ? null : JSON.stringify(value);

/**
 * A store's two ends: the connection it reads through and its writer.
 * @internal (not in the published types: they must not need better-sqlite3's)
 */
export interface StoreConnections {
  readonly db: Database.Database;
  readonly writer: SqliteWriter;
  /** The key the store seals with; undefined when its key file is missing. */
  readonly key: StoreKey | undefined;
}

/**
 * The store's key: made with a new store (or when an older store is
 * upgraded, listing its runs as written before sealing), read otherwise;
 * undefined when a sealing store has lost its key file.
 */
function storeKey(
  path: string,
  db: Database.Database,
  previousVersion: string | undefined,
): StoreKey | undefined {
  if (path === ':memory:') return newStoreKey();
  const keyPath = storeKeyPath(path);
  const existing = readStoreKeyFile(keyPath);
  if (existing !== undefined || previousVersion === SCHEMA_VERSION) return existing;
  const runIds = db.prepare<[], string>('SELECT run_id FROM runs').pluck().all();
  try {
    return createStoreKeyFile(keyPath, runIds);
  } catch (error) {
    throw new EndstateError('E_STORE', `cannot create the store's key file ${keyPath}`, {
      cause: error,
      hint: 'Check the store folder is writable: the key seals every result written to the store.',
    });
  }
}

/**
 * Opens the database (creating the schema) and the store's writer: on the
 * calling thread for `:memory:` (a second connection would open another
 * database) or when asked, else on a thread; durable when asked.
 * @internal
 */
export function openStoreConnections(path: string, options: SqliteStoreOptions): StoreConnections {
  const { db, previousVersion } = openDatabase(path);
  const key = storeKey(path, db, previousVersion);
  const writerOptions = { durable: options.durable === true };
  // The reading connection writes too (the schema, a new run: see
  // openSqliteStore; everything with the inline writer), with the
  // writer's durability.
  db.pragma(synchronousPragma(writerOptions));
  const writer =
    options.writer === 'inline' || path === ':memory:'
      ? createInlineWriter(db, STATEMENTS)
      : createThreadWriter(path, STATEMENTS, writerOptions);
  return { db, writer, key };
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
  const { db, writer, key } = openStoreConnections(path, options);
  const sealer = createSealer(key, storeKeyPath(path), {
    ...(options.sharedWriters === true ? { sharedWriters: true } : {}),
    ledger: ledgerOf(path, key),
  });

  const insertRun = db.prepare(INSERT_RUN);
  const selectRun = db.prepare<[string], { record: string; seal: string | null }>(
    'SELECT record, seal FROM runs WHERE run_id = ?',
  );
  // Runs are ordered by the record's created_at (or the ledger's), never by the column: it is outside the seal.
  const selectStamps = db.prepare<[], RunStamp>(
    "SELECT run_id, json_extract(record, '$.created_at') AS created_at FROM runs ORDER BY rowid",
  );
  const selectRuns = db.prepare<[], { record: string }>('SELECT record FROM runs ORDER BY rowid');
  const selectRunIds = db.prepare<[], string>('SELECT run_id FROM runs').pluck();
  const selectSealedRun = db.prepare<[string], SealedRunRow>(
    'SELECT record, seal, run_id, created_at, finished_at, status, suite_name, suite_hash, system_hash FROM runs WHERE run_id = ?',
  );
  const selectRunId = db
    .prepare<[string], string>('SELECT run_id FROM runs WHERE run_id = ?')
    .pluck();
  const selectTrialId = db
    .prepare<[string, string, number, number], string>(
      'SELECT trial_id FROM trials WHERE run_id = ? AND task_id = ? AND attempt = ? AND rerun = ?',
    )
    .pluck();
  /** Runs known to be stored (runs are never removed): a trial's run is looked up once. */
  const knownRuns = new Set<string>();
  const isRunStored = (runId: string): boolean => {
    if (knownRuns.has(runId)) return true;
    if (selectRunId.get(runId) === undefined) return false;
    knownRuns.add(runId);
    return true;
  };
  /** Stored by this process (perhaps still waiting for its commit) or already in the file. */
  const isTrialStored = (trial: TrialRecord): boolean =>
    sealer.hasTrial(trial) ||
    selectTrialId.get(trial.run_id, trial.task_id, trial.attempt, trial.rerun) !== undefined;
  const selectTrials = db.prepare<
    [string],
    { record: string; events: string; seal: string | null }
  >('SELECT record, events, seal FROM trials WHERE run_id = ?');
  const selectSealedTrials = db.prepare<[string], SealedTrialRow>(
    'SELECT record, events, seal, trial_id, run_id, task_id, attempt, rerun, valid, success, terminal_reason, exit_reason FROM trials WHERE run_id = ?',
  );
  const selectTrialKeys = db.prepare<
    [string],
    { task_id: string; attempt: number; rerun: number; valid: number }
  >('SELECT task_id, attempt, rerun, valid FROM trials WHERE run_id = ?');

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
  const enqueue = (trial: EncodedTrial, seal: TrialSeal | null): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ ops: trialOps(trial, seal), resolve, reject });
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
  const parseSeal = <T>(seal: string | null): T | null =>
    seal === null ? null : (JSON.parse(seal) as T);
  /** A run's records, seals and index columns as stored, trials in the run's order. */
  const storedSeals = (runId: string): StoredSeals | undefined => {
    const row = selectSealedRun.get(runId);
    if (row === undefined) return undefined;
    const { record, seal, ...runColumns } = row;
    const run = readRunRecord(record);
    const order = compareTrials(run.suite.task_ids);
    const trials = selectSealedTrials
      .all(runId)
      .map(({ record, events, seal, ...columns }) => ({
        record: decodeTrial(record, events),
        seal: parseSeal<TrialSeal>(seal),
        columns: {
          ...columns,
          valid: asBoolean(columns.valid),
          success: asBoolean(columns.success),
        },
      }))
      .sort((a, b) => order(a.record, b.record));
    return { run, runSeal: parseSeal<RunSeal>(seal), runColumns, trials };
  };
  /** Every stored run's id and creation time (the record's). */
  const stamps = (): RunStamp[] => selectStamps.all();

  return {
    // Through the reading connection, at once: the writer thread takes
    // 60-90 ms to start, and trials can be played (their groups queue for
    // the thread, after the run) as soon as the run is recorded.
    createRun: (run) =>
      settled('record the run', async () => {
        if (isRunStored(run.run_id)) throw duplicateRunError(run.run_id);
        insertRun.run(
          run.run_id,
          run.created_at,
          run.finished_at,
          run.status,
          run.suite.name,
          run.suite.hash,
          run.system_hash,
          JSON.stringify(run),
          nullableJson(sealer.openRun(run)),
        );
        await sealer.witnessCreated(run, () => Promise.resolve(stamps()));
      }),
    putTrial(trial) {
      try {
        if (!isRunStored(trial.run_id))
          return Promise.reject(unknownRunError(trial.run_id, 'store a trial of'));
        // The first record of a trial is kept: a trial played again (its worker was lost) is not stored twice.
        if (sealer.isClosed(trial.run_id) || isTrialStored(trial)) return Promise.resolve();
      } catch (error) {
        return Promise.reject(
          new EndstateError(
            'E_STORE',
            `the result store could not look up trial ${trial.trial_id}: ${(error as Error).message}`,
            { cause: error },
          ),
        );
      }
      const seal = sealer.sealTrial(trial);
      sealer.recordTrial(trial, seal);
      return enqueue(encodeTrial(trial), seal);
    },
    flush,
    finishRun: (runId, status, finishedAt) =>
      settled('finish the run', async () => {
        // Trials stored while earlier ones were being committed (an interrupted
        // run's last trials) are committed first: the run's seal lists only
        // trials the store holds.
        while (waiting.length > 0) {
          flush();
          await Promise.allSettled([...inFlight]);
        }
        const closed = sealer.closeRun(runId, () => storedSeals(runId), status, finishedAt);
        if (closed === undefined) throw unknownRunError(runId, 'finish');
        // A record changed behind the store's back keeps its old seal (null: unchanged), so it shows.
        const { run, seal } = closed;
        await writer.apply([
          ['updateRun', [status, finishedAt, JSON.stringify(run), nullableJson(seal), runId]],
        ]);
        if (seal) sealer.witnessClosed(run, seal);
      }),
    getRun: (runId) => settled('read a run', () => parseRun(selectRun.get(runId))),
    latestRun: () =>
      settled('read the latest run', () => {
        const latest = orderRuns(stamps(), sealer.witnessed()).at(-1);
        return latest === undefined ? undefined : parseRun(selectRun.get(latest.run_id));
      }),
    listRuns: () =>
      settled('list runs', () =>
        orderRuns(
          selectRuns.all().map((row) => parseRun(row)!),
          sealer.witnessed(),
        ),
      ),
    listTrials: (runId) =>
      settled('read trials', () => {
        const order = parseRun(selectRun.get(runId))?.suite.task_ids ?? [];
        return selectTrials
          .all(runId)
          .map((row) => readTrialRecord(decodeTrial(row.record, row.events)))
          .sort(compareTrials(order));
      }),
    listTrialKeys: (runId) =>
      settled('read trials', () =>
        selectTrialKeys.all(runId).map((row) => ({ ...row, valid: row.valid === 1 })),
      ),
    verifyRun: (runId) =>
      settled('check a run against its seals', () => {
        const stored = storedSeals(runId);
        return stored === undefined ? undefined : sealer.verify(stored);
      }),
    listGoneRuns: () => settled('list runs', () => sealer.goneRuns(selectRunIds.all())),
    close: () =>
      settled('close', async () => {
        await writer.close();
        db.close();
      }),
  };
}
