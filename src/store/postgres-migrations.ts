import { EndstateError } from '../core/index.js';

/** One step of the PostgreSQL store's schema; applied once, in version order, recorded in `schema_migrations`. */
export interface PostgresMigration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

/** What the migrator needs of a connection (a pg client has it). */
export interface SqlConnection {
  query(text: string, values?: readonly unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/**
 * The store's schema, version by version. Never edit a shipped migration:
 * add the next one. Version 1 holds what SQLite schema version 5 holds
 * (runs and trials, each with its seal), keyed by the trial's identity.
 */
export const POSTGRES_MIGRATIONS: readonly PostgresMigration[] = [
  {
    version: 1,
    name: 'runs and trials with their seals',
    sql: `
CREATE TABLE runs (
  run_id       TEXT PRIMARY KEY,
  created_at   TEXT NOT NULL,
  finished_at  TEXT,
  status       TEXT NOT NULL,
  suite_name   TEXT NOT NULL,
  suite_hash   TEXT NOT NULL,
  system_hash  TEXT NOT NULL,
  record       TEXT NOT NULL,
  seal         TEXT,
  stored_order BIGSERIAL NOT NULL
);
CREATE INDEX runs_by_creation ON runs (created_at, stored_order);
CREATE TABLE trials (
  trial_id        TEXT NOT NULL,
  run_id          TEXT NOT NULL REFERENCES runs (run_id),
  task_id         TEXT NOT NULL,
  attempt         INTEGER NOT NULL,
  rerun           INTEGER NOT NULL,
  valid           BOOLEAN NOT NULL,
  success         BOOLEAN NOT NULL,
  terminal_reason TEXT NOT NULL,
  exit_reason     TEXT NOT NULL,
  record          TEXT NOT NULL,
  events          TEXT NOT NULL,
  seal            TEXT,
  PRIMARY KEY (run_id, task_id, attempt, rerun)
);`,
  },
];

/** The first key of the advisory lock migrations hold (the second is the schema's). */
const MIGRATION_LOCK = 0x656e6473; // "ends"

/** What migrating found and did. */
export interface MigrationResult {
  /** The schema version before (0: a new store). */
  readonly previousVersion: number;
  readonly version: number;
}

/**
 * Brings the store's schema up to the last migration, in the caller's
 * open transaction, under a transaction-scoped advisory lock per schema:
 * processes opening one store at once wait for each other, and each
 * migration is applied exactly once. `created` runs (still in the
 * transaction) when this call made the store, so what goes with a new
 * store (its key file) exists before any other process sees the store.
 */
export async function migratePostgres(
  connection: SqlConnection,
  options: {
    readonly schema: string | undefined;
    readonly migrations?: readonly PostgresMigration[];
    readonly created?: () => void;
  },
): Promise<MigrationResult> {
  const migrations = options.migrations ?? POSTGRES_MIGRATIONS;
  await connection.query(
    'SELECT pg_advisory_xact_lock($1, hashtext(coalesce($2, current_schema())))',
    [MIGRATION_LOCK, options.schema ?? null],
  );
  // The name is checked by parsePostgresUrl: letters, digits and _.
  if (options.schema !== undefined)
    await connection.query(`CREATE SCHEMA IF NOT EXISTS "${options.schema}"`);
  await connection.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
  version    INTEGER PRIMARY KEY,
  name       TEXT NOT NULL,
  applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
)`);
  const { rows } = await connection.query(
    'SELECT coalesce(max(version), 0) AS version FROM schema_migrations',
  );
  const previousVersion = Number(rows[0]?.version ?? 0);
  const latest = migrations.at(-1)?.version ?? 0;
  if (previousVersion > latest) {
    throw new EndstateError(
      'E_STORE',
      `the PostgreSQL store is at schema version ${previousVersion}; this endstate knows versions up to ${latest}`,
      { hint: 'A newer endstate wrote it: upgrade endstate on this machine.' },
    );
  }
  for (const migration of migrations) {
    if (migration.version <= previousVersion) continue;
    await connection.query(migration.sql);
    await connection.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
      migration.version,
      migration.name,
    ]);
  }
  if (previousVersion === 0) options.created?.();
  return { previousVersion, version: latest };
}
