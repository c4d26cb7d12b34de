import { dirname, join, resolve } from 'node:path';
import { EndstateError } from '../core/index.js';
import {
  MEMORY_STORE,
  isPostgresUrl,
  openStore,
  parsePostgresUrl,
  postgresKeyPath,
} from '../store/index.js';
import type { RunStore } from '../store/index.js';
import { DEFAULT_STORE } from './store-help.js';

export { DEFAULT_STORE };

interface StoreSpecBase {
  /** The value to open with `openStore`: a SQLite path resolved against the working folder, else the value given. */
  readonly spec: string;
  /** How messages name the store: its file, its URL with any password masked, or `memory:`. */
  readonly display: string;
  /**
   * Where files kept beside the store go (imported failure labels, judge
   * validations): a SQLite file's folder;
   * `.endstate/postgres-<host>-<port>-<database>[-<schema>]/` in the
   * working folder for PostgreSQL, beside the store's key.
   */
  readonly filesFolder: string;
}

/** A `--store` value, read before anything is opened: which store, how to open it and how to name it. */
export type StoreSpec =
  | (StoreSpecBase & { readonly type: 'sqlite'; /** The database file. */ readonly file: string })
  | (StoreSpecBase & { readonly type: 'postgres' })
  | (StoreSpecBase & { readonly type: 'memory' });

/**
 * Reads a `--store` value (default `.endstate/endstate.db`): a SQLite path
 * relative to `cwd`, `postgres://…`/`postgresql://…`, or `memory:`. A
 * malformed URL or another scheme is refused (E_USAGE) before anything runs.
 *
 * @example
 * storeSpecOf('postgres://endstate@db/evals?schema=team_a', cwd).display; // 'postgres://endstate@db/evals?schema=team_a'
 */
export function storeSpecOf(option: string | undefined, cwd: string): StoreSpec {
  const value = option ?? DEFAULT_STORE;
  const localFiles = join(resolve(cwd), '.endstate');
  if (value === MEMORY_STORE)
    return { type: 'memory', spec: value, display: value, filesFolder: localFiles };
  if (isPostgresUrl(value)) {
    const url = parsePostgresUrl(value);
    return {
      type: 'postgres',
      spec: value,
      display: url.display,
      filesFolder: join(localFiles, `postgres-${url.name}`),
    };
  }
  if (value.trim() === '' || /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(value)) {
    const scheme = value.trim() === '' ? 'an empty value' : `${value.split('://')[0]}://`;
    throw new EndstateError('E_USAGE', `--store ${scheme} names no store endstate can open`, {
      hint: 'Give a file path (SQLite, the default: .endstate/endstate.db), postgres://USER@HOST[:PORT]/DATABASE[?schema=NAME], or memory: (see docs/scale-out.md).',
    });
  }
  const file = resolve(cwd, value);
  return { type: 'sqlite', spec: file, display: file, file, filesFolder: dirname(file) };
}

/** The store's file, for checks that no output overwrites it; undefined for a store that is no file. */
export function storeFileOf(store: StoreSpec): string | undefined {
  return store.type === 'sqlite' ? store.file : undefined;
}

/**
 * Refuses `memory:` where files are kept beside the store (labels, judge
 * validations): a memory store has no place on disk, and what it holds is
 * gone with the process.
 */
export function requireLastingStore(store: StoreSpec, flag: string): void {
  if (store.type !== 'memory') return;
  throw new EndstateError('E_USAGE', `--store memory: keeps nothing for ${flag}`, {
    hint: 'Name the store the runs are in: its SQLite file (default .endstate/endstate.db) or its postgres:// URL; the files go beside it.',
  });
}

/** Opens a store that exists (never makes one): a missing store is E_STORE, `memory:` E_USAGE. */
export function openExistingStore(store: StoreSpec, cwd: string): Promise<RunStore> {
  return openStore(store.spec, cwd, { existing: true });
}

/**
 * The file whose folder the agent sandbox hides: the SQLite file (its key
 * beside it), or a PostgreSQL store's key file, whose folder also holds the
 * files kept beside that store; a memory store's notional place is
 * `.endstate/`.
 */
export function hiddenStoreFileOf(store: StoreSpec, cwd: string): string {
  if (store.type === 'sqlite') return store.file;
  if (store.type === 'postgres') return postgresKeyPath(store.spec, cwd);
  return join(store.filesFolder, 'memory');
}

/**
 * The store as a worker in another process opens it: the absolute SQLite
 * path, or the PostgreSQL URL without its password (jobs hold no secrets;
 * workers give theirs with PGPASSWORD or ~/.pgpass).
 */
export function storeForWorkers(store: StoreSpec): string {
  if (store.type !== 'postgres') return store.spec;
  const url = new URL(store.spec);
  url.password = '';
  return url.toString();
}
