import { EndstateError } from '../core/index.js';

/** Where the jobs live: a Redis server, and the queue's name and key prefix on it. */
export interface QueueAddress {
  readonly connection: {
    readonly host: string;
    readonly port: number;
    readonly db: number;
    readonly username?: string;
    readonly password?: string;
  };
  /** The BullMQ queue name (`?queue=`, default `endstate-trials`). */
  readonly name: string;
  /** The prefix of every Redis key of the queue (`?prefix=`, default `endstate`). */
  readonly prefix: string;
  /** The address without its password, for messages. */
  readonly shown: string;
}

export const DEFAULT_QUEUE_NAME = 'endstate-trials';
export const DEFAULT_QUEUE_PREFIX = 'endstate';

const NAME = /^[A-Za-z0-9_.-]{1,100}$/;

function usage(url: string, problem: string): EndstateError {
  return new EndstateError('E_USAGE', `--queue ${url}: ${problem}`, {
    hint: 'Give redis://[USER:PASSWORD@]HOST[:PORT][/DB][?queue=NAME&prefix=NAME] (see docs/scale-out.md).',
  });
}

/**
 * Reads a `--queue` value: `redis://[USER:PASSWORD@]HOST[:PORT][/DB]`
 * with optional `?queue=NAME` and `?prefix=NAME` (letters, digits, `_`,
 * `.`, `-`), so tests and teams can share one Redis without sharing jobs.
 *
 * @example
 * parseQueueAddress('redis://127.0.0.1:6379/0?queue=nightly').name // 'nightly'
 */
export function parseQueueAddress(url: string): QueueAddress {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw usage(url, 'is not a URL');
  }
  if (parsed.protocol !== 'redis:') throw usage(url, 'does not start with redis://');
  if (parsed.hostname === '') throw usage(url, 'names no host');
  const port = parsed.port === '' ? 6379 : Number(parsed.port);
  const dbText = parsed.pathname.replace(/^\//, '');
  if (dbText !== '' && !/^\d{1,2}$/.test(dbText)) {
    throw usage(url, `the database "${dbText}" is not a number (0-99)`);
  }
  for (const key of parsed.searchParams.keys()) {
    if (key !== 'queue' && key !== 'prefix') {
      throw usage(url, `unknown parameter "${key}" (queue and prefix are known)`);
    }
  }
  const name = parsed.searchParams.get('queue') ?? DEFAULT_QUEUE_NAME;
  const prefix = parsed.searchParams.get('prefix') ?? DEFAULT_QUEUE_PREFIX;
  for (const [what, value] of [
    ['queue', name],
    ['prefix', prefix],
  ] as const) {
    if (!NAME.test(value)) {
      throw usage(url, `${what} "${value}" must be 1-100 letters, digits, "_", "." or "-"`);
    }
  }
  const username = decodeURIComponent(parsed.username);
  const password = decodeURIComponent(parsed.password);
  const shown = new URL(url);
  if (shown.password !== '') shown.password = '***';
  return {
    connection: {
      host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'),
      port,
      db: dbText === '' ? 0 : Number(dbText),
      ...(username === '' ? {} : { username }),
      ...(password === '' ? {} : { password }),
    },
    name,
    prefix,
    shown: shown.toString(),
  };
}
