import { EndstateError } from '../core/index.js';

/** A `postgres://` store URL, read: what to connect to, in which schema, and how to name it. */
export interface PostgresUrl {
  /** The URL to connect with, without endstate's own `schema` parameter. */
  readonly connectionString: string;
  /** The schema that holds the store's tables; undefined: the server's search_path (normally `public`). */
  readonly schema: string | undefined;
  /** The URL with its password masked, for messages. */
  readonly display: string;
  /** host, port, database and schema as a file name part: `127.0.0.1-5432-test`. */
  readonly name: string;
}

/** Schema names are put into SQL and connection options: plain names only. */
const SCHEMA_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

const usage = (url: string, problem: string, cause?: unknown): EndstateError =>
  new EndstateError('E_USAGE', `the store URL ${url} ${problem}`, {
    hint: 'Write it as postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?schema=NAME] (see docs/scale-out.md).',
    cause,
  });

/** True for the URL forms of a PostgreSQL store. */
export function isPostgresUrl(spec: string): boolean {
  return /^postgres(ql)?:\/\//i.test(spec);
}

/**
 * Reads a `postgres://` or `postgresql://` URL; `?schema=NAME` puts the
 * store's tables in that schema (made when missing).
 *
 * @example
 * parsePostgresUrl('postgres://endstate@db.internal/evals?schema=team_a').schema; // 'team_a'
 */
export function parsePostgresUrl(url: string): PostgresUrl {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch (error) {
    // Not echoed whole: it may hold a password.
    throw usage('given', 'is not a URL', error);
  }
  if (!isPostgresUrl(url)) throw usage(url, 'does not start with postgres:// or postgresql://');
  if (parsed.password !== '') parsed.password = '****';
  const display = parsed.toString();
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  if (parsed.hostname === '' || database === '')
    throw usage(display, 'names no host or no database');
  const schema = parsed.searchParams.get('schema') ?? undefined;
  if (schema !== undefined && !SCHEMA_NAME.test(schema))
    throw usage(display, `has schema=${schema}: a schema name is letters, digits and _`);
  const connection = new URL(url);
  connection.searchParams.delete('schema');
  const name = [parsed.hostname, parsed.port || '5432', database, ...(schema ? [schema] : [])]
    .join('-')
    .replace(/[^A-Za-z0-9._-]/g, '_');
  return { connectionString: connection.toString(), schema, display, name };
}
