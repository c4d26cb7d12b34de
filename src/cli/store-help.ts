/** The store when no `--store` is given. */
export const DEFAULT_STORE = '.endstate/endstate.db';

/** What `--store` takes, for the help of commands that read runs (kept free of imports: the CLI starts fast). */
export const STORE_HELP =
  'result store: a SQLite file or postgres://USER@HOST[:PORT]/DATABASE[?schema=NAME]';
