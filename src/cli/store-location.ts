import { resolve } from 'node:path';
import { MEMORY_STORE, isPostgresUrl, postgresKeyPath } from '../store/index.js';

/** The store's value as `--store` gives it, or the default SQLite file. */
export function storeSpecOf(option: string | undefined): string {
  return option ?? '.endstate/endstate.db';
}

/**
 * The file a store keeps on this machine, for the checks that keep outputs
 * and agents away from it: the SQLite file, or a PostgreSQL store's key
 * file (a memory store has none: its notional place is `.endstate/`).
 */
export function storeFileOf(spec: string, cwd: string): string {
  if (isPostgresUrl(spec)) return postgresKeyPath(spec, cwd);
  if (spec === MEMORY_STORE) return resolve(cwd, '.endstate', 'memory');
  return resolve(cwd, spec);
}

/**
 * The store as a worker on another process opens it: an absolute SQLite
 * path, or the PostgreSQL URL without its password (jobs hold no secrets;
 * workers give theirs with PGPASSWORD or ~/.pgpass).
 */
export function storeForWorkers(spec: string, cwd: string): string {
  if (!isPostgresUrl(spec)) return resolve(cwd, spec);
  const url = new URL(spec);
  url.password = '';
  return url.toString();
}
