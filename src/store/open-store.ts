import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { EndstateError } from '../core/index.js';
import { createMemoryStore } from './memory-store.js';
import { openPostgresStore } from './postgres-store.js';
import { isPostgresUrl } from './postgres-url.js';
import type { RunStore } from './run-store.js';
import { openSqliteStore } from './sqlite-store.js';

/** `--store memory:`: a store that lives as long as the process. */
export const MEMORY_STORE = 'memory:';

export interface OpenStoreOptions {
  /** SQLite: sync every commit to disk (see openSqliteStore). */
  readonly durable?: boolean;
  /** PostgreSQL: the key file (default `.endstate/postgres-<host>-<port>-<database>[-<schema>].key` under cwd). */
  readonly keyPath?: string;
  /**
   * Open only a store that is there, never make one (commands that read
   * runs): a missing SQLite file or a database (and schema) without the
   * store's tables is refused (E_STORE), `memory:` too (E_USAGE: it holds
   * nothing before this process stores it).
   */
  readonly existing?: boolean;
  /** SQLite: workers in other processes write this process's runs (see openSqliteStore). */
  readonly sharedWriters?: boolean;
}

/**
 * Opens the store a `--store` value names: a file path (SQLite, relative
 * to `cwd`; made when missing), `postgres://…` or `postgresql://…`
 * (PostgreSQL; its schema is made or migrated when needed), or `memory:`.
 *
 * @example
 * const store = await openStore('postgres://endstate@db.internal/evals', process.cwd());
 */
export async function openStore(
  spec: string,
  cwd: string,
  options: OpenStoreOptions = {},
): Promise<RunStore> {
  const existing = options.existing === true;
  if (spec === MEMORY_STORE) {
    if (existing)
      throw new EndstateError('E_USAGE', '--store memory: holds no runs to read', {
        hint: 'A memory store lives only as long as the process that stored into it. Name the store the run was stored in: its SQLite file (default .endstate/endstate.db) or its postgres:// URL.',
      });
    return createMemoryStore();
  }
  if (isPostgresUrl(spec))
    return openPostgresStore(spec, {
      cwd,
      existing,
      ...(options.keyPath === undefined ? {} : { keyPath: options.keyPath }),
    });
  if (spec.trim() === '' || /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(spec)) {
    const scheme = spec.trim() === '' ? 'an empty value' : `${spec.split('://')[0]}://`;
    throw new EndstateError('E_USAGE', `--store ${scheme} names no store endstate can open`, {
      hint: 'Give a file path (SQLite, the default: .endstate/endstate.db), postgres://USER@HOST[:PORT]/DATABASE[?schema=NAME], or memory: (see docs/scale-out.md).',
    });
  }
  const path = resolve(cwd, spec);
  if (existing && !existsSync(path))
    throw new EndstateError('E_STORE', `no result store at ${path}`, {
      hint: 'Run `endstate run <suite>` in this folder first, or pass --store PATH (or postgres://…).',
    });
  return openSqliteStore(path, {
    ...(options.durable === true ? { durable: true } : {}),
    ...(options.sharedWriters === true ? { sharedWriters: true } : {}),
  });
}
