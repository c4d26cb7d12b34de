import { join, resolve } from 'node:path';
import type { PoolClient } from 'pg';
import { EndstateError, loadOptional } from '../core/index.js';
import { readTrialRecord } from '../schema/index.js';
import type { TrialRecord } from '../schema/index.js';
import { createSealer } from './create-sealer.js';
import type { RunStamp } from './create-sealer.js';
import { decodeTrial, encodeTrial } from './encoded-trial.js';
import type { IndexColumns } from './index-columns.js';
import { migratePostgresStore, rollBack } from './migrate-postgres-store.js';
import { parsePostgresUrl } from './postgres-url.js';
import { orderRuns } from './order-runs.js';
import { ledgerPathOf, openLedgerFile } from './run-ledger.js';
import { readRunRecord } from './read-run-record.js';
import type { RunStore, StoredTrialKey } from './run-store.js';
import { compareTrials } from './run-store.js';
import type { RunSeal, TrialSeal } from './seal-trial.js';
import { duplicateRunError, unknownRunError } from './store-errors.js';
import type { StoredSeals } from './verify-run.js';

export interface PostgresStoreOptions {
  /**
   * The key file the store's records are sealed with. Default:
   * `.endstate/postgres-<host>-<port>-<database>[-<schema>].key` under
   * `cwd`. Made (mode 0600) by the process that creates the store; every
   * other machine that writes to or checks the store needs a copy. The
   * store's ledger (the runs created and closed through this key) is kept
   * beside it, `<name>.ledger`, by the processes that create and close
   * runs; a machine that checks the store finds removed runs with a copy.
   */
  readonly keyPath?: string;
  /** The folder the default key path is in (default: the process's). */
  readonly cwd?: string;
  /** The schema of the store's tables; overrides `?schema=` in the URL. */
  readonly schema?: string;
  /** Connections this process keeps open at most (default 4). */
  readonly maxConnections?: number;
  /** Open only a store that is there: refuse (E_STORE) rather than make one (reading commands). */
  readonly existing?: boolean;
}

/** `.endstate/postgres-<host>-<port>-<database>[-<schema>].key` under `cwd`. */
export function postgresKeyPath(url: string, cwd: string): string {
  return join(resolve(cwd), '.endstate', `postgres-${parsePostgresUrl(url).name}.key`);
}

interface StoredRow {
  record: string;
  seal: string | null;
}
interface TrialRow extends StoredRow {
  events: string;
}
/** A row as its check reads it: record, seal and index columns. */
type SealedRow = StoredRow & IndexColumns;
type SealedTrialRow = TrialRow & IndexColumns;

/** Runs by stored order with the record's created_at: never the created_at column, which is outside the seal. */
const SELECT_STAMPS = `SELECT run_id, record::json->>'created_at' AS created_at FROM runs ORDER BY stored_order`;

const INSERT_RUN = `INSERT INTO runs (run_id, created_at, finished_at, status, suite_name, suite_hash, system_hash, record, seal)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (run_id) DO NOTHING RETURNING run_id`;

/**
 * A trial, stored only if its run is (the run's row is share-locked, so a
 * run being closed waits for it, or it for the close) and no trial of its
 * identity is: the first record of a trial is kept.
 */
const INSERT_TRIAL = `INSERT INTO trials (trial_id, run_id, task_id, attempt, rerun, valid, success, terminal_reason, exit_reason, record, events, seal)
SELECT $1::text, run_id, $3::text, $4::integer, $5::integer, $6::boolean, $7::boolean, $8::text, $9::text, $10::text, $11::text, $12::text
FROM runs WHERE run_id = $2::text FOR SHARE
ON CONFLICT DO NOTHING RETURNING trial_id`;

/**
 * Opens (creating or migrating when needed) a store in a PostgreSQL
 * database shared by any number of processes and machines. Trials are
 * written idempotently by identity (run, task, attempt, rerun).
 *
 * @example
 * const store = await openPostgresStore('postgres://endstate@db.internal/evals?schema=team_a');
 */
export async function openPostgresStore(
  url: string,
  options: PostgresStoreOptions = {},
): Promise<RunStore> {
  const parsed = parsePostgresUrl(
    options.schema === undefined ? url : withSchema(url, options.schema),
  );
  const keyPath = options.keyPath ?? postgresKeyPath(url, options.cwd ?? process.cwd());
  // pg loads with the first PostgreSQL store: commands on SQLite never pay for it,
  // and a default install has none (an optional peer dependency).
  const { default: pg } = await loadOptional(() => import('pg'), {
    feature: `the PostgreSQL store ${parsed.display}`,
    packages: ['pg'],
  });
  const pool = new pg.Pool({
    connectionString: parsed.connectionString,
    max: options.maxConnections ?? 4,
    ...(parsed.schema === undefined ? {} : { options: `-c search_path=${parsed.schema}` }),
  });
  // An idle connection that breaks is dropped by the pool; its error is kept for the next failure's message.
  let idleError: Error | undefined;
  pool.on('error', (error) => (idleError = error));
  const key = await migratePostgresStore(pool, parsed, keyPath, {
    existing: options.existing === true,
  });
  const sealer = createSealer(key, keyPath, {
    sharedWriters: true,
    ledger: key === undefined ? undefined : openLedgerFile(ledgerPathOf(keyPath), key.key),
  });

  const failure = (action: string, error: unknown): EndstateError =>
    error instanceof EndstateError
      ? error
      : new EndstateError(
          'E_STORE',
          `the PostgreSQL store ${parsed.display} could not ${action}: ${(error as Error).message}${idleError ? ` (earlier: ${idleError.message})` : ''}`,
          { cause: error, retryable: true },
        );
  const attempt = async <T>(action: string, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw failure(action, error);
    }
  };
  const query = async <Row>(text: string, values: readonly unknown[] = []): Promise<Row[]> =>
    (await pool.query(text, [...values])).rows as Row[];
  const inTransaction = async <T>(work: (client: PoolClient) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      client.release();
      return result;
    } catch (error) {
      const broken = await rollBack(client);
      client.release(broken);
      throw broken === undefined ? error : new AggregateError([error, broken], String(error));
    }
  };
  const parseSeal = <T>(seal: string | null): T | null =>
    seal === null ? null : (JSON.parse(seal) as T);
  const storedSeals = async (
    runId: string,
    client: Pick<PoolClient, 'query'> = pool,
    lock = '',
  ): Promise<StoredSeals | undefined> => {
    const runs = await client.query<SealedRow>(
      `SELECT record, seal, run_id, created_at, finished_at, status, suite_name, suite_hash, system_hash FROM runs WHERE run_id = $1 ${lock}`,
      [runId],
    );
    const row = runs.rows[0];
    if (row === undefined) return undefined;
    const { record, seal, ...runColumns } = row;
    const run = readRunRecord(record);
    const order = compareTrials(run.suite.task_ids);
    const trials = (
      await client.query<SealedTrialRow>(
        'SELECT record, events, seal, trial_id, run_id, task_id, attempt, rerun, valid, success, terminal_reason, exit_reason FROM trials WHERE run_id = $1',
        [runId],
      )
    ).rows
      .map(({ record, events, seal, ...columns }) => ({
        record: decodeTrial(record, events),
        seal: parseSeal<TrialSeal>(seal),
        columns,
      }))
      .sort((a, b) => order(a.record, b.record));
    return { run, runSeal: parseSeal<RunSeal>(seal), runColumns, trials };
  };

  /** Trials this process is storing, by identity: a second put of one waits for the first. */
  const storing = new Map<string, Promise<void>>();
  const storeTrial = async (trial: TrialRecord): Promise<void> => {
    const seal = sealer.sealTrial(trial);
    const encoded = encodeTrial(trial);
    const inserted = await query(INSERT_TRIAL, [
      encoded.trial_id,
      encoded.run_id,
      encoded.task_id,
      encoded.attempt,
      encoded.rerun,
      encoded.valid,
      encoded.success,
      encoded.terminal_reason,
      encoded.exit_reason,
      encoded.record,
      encoded.events,
      seal === null ? null : JSON.stringify(seal),
    ]);
    if (inserted.length === 1) {
      sealer.recordTrial(trial, seal);
      return;
    }
    // Nothing stored: the trial was stored before (kept), or its run is not in the store.
    const run = await query('SELECT 1 FROM runs WHERE run_id = $1', [trial.run_id]);
    if (run.length === 0) throw unknownRunError(trial.run_id, 'store a trial of');
  };

  let closed = false;
  return {
    createRun: (run) =>
      attempt('record the run', async () => {
        if ((await query('SELECT 1 FROM runs WHERE run_id = $1', [run.run_id])).length > 0)
          throw duplicateRunError(run.run_id);
        const seal = sealer.openRun(run);
        const inserted = await query(INSERT_RUN, [
          run.run_id,
          run.created_at,
          run.finished_at,
          run.status,
          run.suite.name,
          run.suite.hash,
          run.system_hash,
          JSON.stringify(run),
          seal === null ? null : JSON.stringify(seal),
        ]);
        if (inserted.length === 0) throw duplicateRunError(run.run_id);
        await sealer.witnessCreated(run, () => query<RunStamp>(SELECT_STAMPS));
      }),
    putTrial(trial) {
      if (sealer.isClosed(trial.run_id) || sealer.hasTrial(trial)) return Promise.resolve();
      const identity = `${trial.run_id}\u0000${trial.task_id}\u0000${trial.attempt}\u0000${trial.rerun}`;
      const pending = storing.get(identity);
      if (pending !== undefined) return pending;
      const stored = attempt(`record trial ${trial.trial_id}`, () => storeTrial(trial)).finally(
        () => storing.delete(identity),
      );
      storing.set(identity, stored);
      return stored;
    },
    finishRun: (runId, status, finishedAt) =>
      attempt('finish the run', async () => {
        await Promise.allSettled([...storing.values()]);
        const { run, seal } = await inTransaction(async (client) => {
          // The run's row is locked: trials being stored by any process wait, or are in the seal.
          const stored = await storedSeals(runId, client, 'FOR UPDATE');
          const closing = sealer.closeRun(runId, () => stored, status, finishedAt);
          if (stored === undefined || closing === undefined) throw unknownRunError(runId, 'finish');
          await client.query(
            'UPDATE runs SET status = $1, finished_at = $2, record = $3, seal = coalesce($4, seal) WHERE run_id = $5',
            [
              status,
              finishedAt,
              JSON.stringify(closing.run),
              closing.seal ? JSON.stringify(closing.seal) : null,
              runId,
            ],
          );
          return closing;
        });
        if (seal) sealer.witnessClosed(run, seal);
      }),
    getRun: (runId) =>
      attempt('read a run', async () => {
        const [row] = await query<StoredRow>('SELECT record FROM runs WHERE run_id = $1', [runId]);
        return row === undefined ? undefined : readRunRecord(row.record);
      }),
    latestRun: () =>
      attempt('read the latest run', async () => {
        const latest = orderRuns(await query<RunStamp>(SELECT_STAMPS), sealer.witnessed()).at(-1);
        if (latest === undefined) return undefined;
        const [row] = await query<StoredRow>('SELECT record FROM runs WHERE run_id = $1', [
          latest.run_id,
        ]);
        return row === undefined ? undefined : readRunRecord(row.record);
      }),
    listRuns: () =>
      attempt('list runs', async () =>
        orderRuns(
          (await query<StoredRow>('SELECT record FROM runs ORDER BY stored_order')).map((row) =>
            readRunRecord(row.record),
          ),
          sealer.witnessed(),
        ),
      ),
    listTrials: (runId) =>
      attempt('read trials', async () => {
        const [run] = await query<StoredRow>('SELECT record FROM runs WHERE run_id = $1', [runId]);
        if (run === undefined) return [];
        const order = readRunRecord(run.record).suite.task_ids;
        const rows = await query<TrialRow>('SELECT record, events FROM trials WHERE run_id = $1', [
          runId,
        ]);
        return rows
          .map((row) => readTrialRecord(decodeTrial(row.record, row.events)))
          .sort(compareTrials(order));
      }),
    listTrialKeys: (runId) =>
      attempt('read trials', () =>
        query<StoredTrialKey>(
          'SELECT task_id, attempt, rerun, valid FROM trials WHERE run_id = $1',
          [runId],
        ),
      ),
    verifyRun: (runId) =>
      attempt('check a run against its seals', async () => {
        const stored = await storedSeals(runId);
        return stored === undefined ? undefined : sealer.verify(stored);
      }),
    listGoneRuns: () =>
      attempt('list runs', async () =>
        sealer.goneRuns(
          (await query<{ run_id: string }>('SELECT run_id FROM runs')).map((row) => row.run_id),
        ),
      ),
    close: () =>
      attempt('close', async () => {
        if (closed) return;
        closed = true;
        await Promise.allSettled([...storing.values()]);
        await pool.end();
      }),
  };
}

/** The URL with `?schema=` set to `schema`. */
function withSchema(url: string, schema: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('schema', schema);
  return parsed.toString();
}
