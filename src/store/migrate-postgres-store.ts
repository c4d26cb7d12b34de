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
 * With `existing`, a store that is not there yet is refused (E_STORE) and
 * nothing is made: the migration's transaction is rolled back.
 */
export async function migratePostgresStore(
  pool: ConnectionPool,
  url: PostgresUrl,
  keyPath: string,
  options: { readonly existing?: boolean } = {},
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
        hint: `Start PostgreSQL on ${serverAddress(url)} (or correct the URL's host and port), and check its database and user: \`psql "${url.display}" -c 'select 1'\` must answer.`,
      },
    );
  }
  let key: StoreKey | undefined;
  try {
    await client.query('BEGIN');
    await migratePostgres(client, {
      schema: url.schema,
      created: () => {
        if (options.existing === true) throw noStoreError(url);
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

/** `host:port` of the server a store URL names (5432 when it names no port). */
function serverAddress(url: PostgresUrl): string {
  const parsed = new URL(url.display);
  return `${parsed.hostname}:${parsed.port || '5432'}`;
}

/** A reading command named a database (and schema) that holds no store. */
function noStoreError(url: PostgresUrl): EndstateError {
  const where = url.schema === undefined ? "the connection's search_path" : `schema ${url.schema}`;
  return new EndstateError('E_STORE', `no result store at ${url.display} (${where} holds none)`, {
    hint: 'Check the URL names the database and ?schema= a run was stored in, or store a run there first: `endstate run <suite> --store URL`.',
  });
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
