import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { EndstateError } from '../core/index.js';
import { migratePostgres } from './postgres-migrations.js';
import type { SqlConnection } from './postgres-migrations.js';
import type { PostgresUrl } from './postgres-url.js';
import { createStoreKeyFile, readStoreKeyFile } from './store-key.js';
import type { StoreKey } from './store-key.js';

/** A pooled connection, as much of it as the store uses (pg's PoolClient is one; its types stay out of the published ones). */
export interface PooledConnection extends SqlConnection {
  release(error?: Error): void;
}

/** A connection pool (pg's Pool is one). */
export interface ConnectionPool {
  connect(): Promise<PooledConnection>;
  end(): Promise<void>;
}

/**
 * Connects, migrates the schema and finds the store's key: made with a new
 * store (before the migration commits, so no process sees the store
 * without it), read otherwise; undefined when this machine has no copy.
 */
export async function migratePostgresStore(
  pool: ConnectionPool,
  url: PostgresUrl,
  keyPath: string,
): Promise<StoreKey | undefined> {
  let client: PooledConnection;
  try {
    client = await pool.connect();
  } catch (error) {
    await pool.end();
    throw new EndstateError(
      'E_STORE',
      `cannot reach the PostgreSQL store ${url.display}: ${(error as Error).message}`,
      {
        cause: error,
        retryable: true,
        hint: `Start PostgreSQL and check the URL's host, port, database and user: \`psql "${url.display}" -c 'select 1'\` must answer.`,
      },
    );
  }
  let key: StoreKey | undefined;
  try {
    await client.query('BEGIN');
    await migratePostgres(client, {
      schema: url.schema,
      created: () => {
        key = readStoreKeyFile(keyPath) ?? createKeyFile(keyPath);
      },
    });
    await client.query('COMMIT');
  } catch (error) {
    const broken = await rollBack(client);
    client.release(broken);
    await pool.end();
    if (error instanceof EndstateError) throw error;
    throw new EndstateError(
      'E_STORE',
      `cannot open the PostgreSQL store ${url.display}: ${(error as Error).message}`,
      {
        cause: broken === undefined ? error : new AggregateError([error, broken]),
        hint: 'Check the user may create tables in the database (and the schema, if one is named).',
      },
    );
  }
  client.release();
  try {
    return key ?? readStoreKeyFile(keyPath);
  } catch (error) {
    await pool.end();
    throw error;
  }
}

/** Rolls back a failed transaction; the rollback's own error when the connection is broken (it is then dropped). */
export async function rollBack(client: SqlConnection): Promise<Error | undefined> {
  try {
    await client.query('ROLLBACK');
    return undefined;
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

function createKeyFile(keyPath: string): StoreKey {
  try {
    mkdirSync(dirname(keyPath), { recursive: true });
    return createStoreKeyFile(keyPath, []);
  } catch (error) {
    throw new EndstateError('E_STORE', `cannot create the store's key file ${keyPath}`, {
      cause: error,
      hint: 'Check its folder is writable (or pass another key path): the key seals every result written to the store.',
    });
  }
}
