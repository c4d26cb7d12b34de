import { dirname } from 'node:path';
import type { StoreSpec } from './store-path.js';

/** A store as files beside it are found: its `--store` value read, or a SQLite file's path. */
export type StoreBeside = StoreSpec | string;

/**
 * The folder of the files kept beside a store (imported failure labels,
 * judge validations): a SQLite file's folder, or a PostgreSQL store's own
 * folder under `.endstate/` in the working folder.
 */
export function filesBesideStore(store: StoreBeside): string {
  return typeof store === 'string' ? dirname(store) : store.filesFolder;
}
