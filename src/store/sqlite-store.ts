import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { EndstateError } from '../core/index.js';
import { RunRecordSchema, TrialRecordSchema } from '../schema/index.js';
import type { RunRecord, TrialRecord } from '../schema/index.js';
import type { RunStore } from './run-store.js';
import { compareTrials } from './run-store.js';

const SCHEMA_VERSION = '2';

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
  record          TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS trials_by_run ON trials(run_id);
CREATE TABLE IF NOT EXISTS events (
  trial_id TEXT PRIMARY KEY REFERENCES trials(trial_id),
  events   TEXT NOT NULL
);
`;

/** Trials wait at most this long, or until this many are waiting, before they are committed together. */
const FLUSH_AFTER_MS = 25;
const FLUSH_AT_TRIALS = 128;

/**
 * The default store: one SQLite file (`.endstate/endstate.db`) with runs,
 * trials and their events (one JSON list per trial). Finished trials are
 * committed in groups, at least every 25 ms: one transaction per trial
 * would cost more than the trial itself. `putTrial` resolves once its
 * trial is committed; reads, `finishRun` and `close` commit what waits.
 */
export function openSqliteStore(path: string): RunStore {
  let db: Database.Database;
  try {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    db = new Database(path);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.exec(SCHEMA);
    const version = db
      .prepare<[], { value: string }>("SELECT value FROM meta WHERE key = 'schema_version'")
      .get();
    if (version === undefined) {
      db.prepare("INSERT INTO meta (key, value) VALUES ('schema_version', ?)").run(SCHEMA_VERSION);
    } else if (version.value !== SCHEMA_VERSION) {
      throw new Error(
        `store schema version ${version.value}, this endstate reads ${SCHEMA_VERSION}`,
      );
    }
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

  const insertRun = db.prepare(
    `INSERT INTO runs (run_id, created_at, finished_at, status, suite_name, suite_hash, system_hash, record)
     VALUES (@run_id, @created_at, @finished_at, @status, @suite_name, @suite_hash, @system_hash, @record)`,
  );
  const updateRun = db.prepare(
    'UPDATE runs SET status = ?, finished_at = ?, record = ? WHERE run_id = ?',
  );
  const selectRun = db.prepare<[string], { record: string }>(
    'SELECT record FROM runs WHERE run_id = ?',
  );
  const selectLatest = db.prepare<[], { record: string }>(
    'SELECT record FROM runs ORDER BY created_at DESC, rowid DESC LIMIT 1',
  );
  const selectRuns = db.prepare<[], { record: string }>(
    'SELECT record FROM runs ORDER BY created_at, rowid',
  );
  const insertTrial = db.prepare(
    `INSERT INTO trials (trial_id, run_id, task_id, attempt, rerun, valid, success, terminal_reason, exit_reason, record)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertEvents = db.prepare('INSERT INTO events (trial_id, events) VALUES (?, ?)');
  const selectTrials = db.prepare<[string], { trial_id: string; record: string }>(
    'SELECT trial_id, record FROM trials WHERE run_id = ?',
  );
  const selectEvents = db.prepare<[string], { trial_id: string; events: string }>(
    `SELECT e.trial_id, e.events FROM events e JOIN trials t ON t.trial_id = e.trial_id WHERE t.run_id = ?`,
  );

  const writeTrials = db.transaction((trials: readonly TrialRecord[]) => {
    for (const trial of trials) {
      const { events, ...rest } = trial;
      insertTrial.run(
        trial.trial_id,
        trial.run_id,
        trial.task_id,
        trial.attempt,
        trial.rerun,
        trial.valid ? 1 : 0,
        trial.success ? 1 : 0,
        trial.terminal_reason,
        trial.exit_reason,
        JSON.stringify(rest),
      );
      insertEvents.run(trial.trial_id, JSON.stringify(events));
    }
  });

  let waiting: { trial: TrialRecord; resolve: () => void; reject: (error: unknown) => void }[] = [];
  let timer: NodeJS.Timeout | undefined;
  const flush = (): void => {
    clearTimeout(timer);
    timer = undefined;
    const batch = waiting;
    waiting = [];
    if (batch.length === 0) return;
    try {
      writeTrials(batch.map((entry) => entry.trial));
      for (const entry of batch) entry.resolve();
    } catch (error) {
      const wrapped = new EndstateError(
        'E_STORE',
        `the result store could not record ${batch.length} trial(s): ${(error as Error).message}`,
        { cause: error },
      );
      for (const entry of batch) entry.reject(wrapped);
    }
  };

  const parseRun = (row: { record: string } | undefined): RunRecord | undefined =>
    row === undefined ? undefined : RunRecordSchema.parse(JSON.parse(row.record));

  const guard = <T>(action: string, work: () => T): Promise<T> => {
    try {
      flush();
      return Promise.resolve(work());
    } catch (error) {
      return Promise.reject(
        new EndstateError(
          'E_STORE',
          `the result store could not ${action}: ${(error as Error).message}`,
          {
            cause: error,
          },
        ),
      );
    }
  };

  return {
    createRun: (run) =>
      guard('record the run', () => {
        insertRun.run({
          run_id: run.run_id,
          created_at: run.created_at,
          finished_at: run.finished_at,
          status: run.status,
          suite_name: run.suite.name,
          suite_hash: run.suite.hash,
          system_hash: run.system_hash,
          record: JSON.stringify(run),
        });
      }),
    putTrial: (trial) =>
      new Promise<void>((resolve, reject) => {
        waiting.push({ trial, resolve, reject });
        if (waiting.length >= FLUSH_AT_TRIALS) flush();
        else timer ??= setTimeout(flush, FLUSH_AFTER_MS);
      }),
    finishRun: (runId, status, finishedAt) =>
      guard('finish the run', () => {
        const run = parseRun(selectRun.get(runId));
        if (run === undefined) throw new Error(`no run ${runId}`);
        const updated: RunRecord = { ...run, status, finished_at: finishedAt };
        updateRun.run(status, finishedAt, JSON.stringify(updated), runId);
      }),
    getRun: (runId) => guard('read a run', () => parseRun(selectRun.get(runId))),
    latestRun: () => guard('read the latest run', () => parseRun(selectLatest.get())),
    listRuns: () => guard('list runs', () => selectRuns.all().map((row) => parseRun(row)!)),
    listTrials: (runId) =>
      guard('read trials', () => {
        const events = new Map<string, unknown>();
        for (const row of selectEvents.all(runId)) events.set(row.trial_id, JSON.parse(row.events));
        const order = parseRun(selectRun.get(runId))?.suite.task_ids ?? [];
        return selectTrials
          .all(runId)
          .map((row) =>
            TrialRecordSchema.parse({
              ...JSON.parse(row.record),
              events: events.get(row.trial_id) ?? [],
            }),
          )
          .sort(compareTrials(order));
      }),
    close: () => guard('close', () => void db.close()),
  };
}
