import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildRunRecord } from '../testing/index.js';
import { openStore } from './open-store.js';
import { parsePostgresUrl } from './postgres-url.js';
import type { RunStore } from './run-store.js';

const POSTGRES_URL =
  process.env.ENDSTATE_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const schemas: string[] = [];

/** A schema of its own per store, dropped after the file. */
function newSchema(): string {
  const schema = `endstate_test_${randomBytes(6).toString('hex')}`;
  schemas.push(schema);
  return schema;
}

afterAll(async () => {
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  for (const schema of schemas) await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await admin.end();
});

async function queryOnce(text: string): Promise<{ rows: unknown[] }> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/** Stores a run and reads it back: the store works, whatever it is. */
async function roundTrip(store: RunStore): Promise<string | undefined> {
  try {
    await store.createRun(buildRunRecord(['t1'], { run_id: 'r1' }));
    return (await store.getRun('r1'))?.run_id;
  } finally {
    await store.close();
  }
}

describe('openStore', () => {
  it('opens a SQLite file at a path relative to the working folder, making it', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'endstate-open-'));
    expect(await roundTrip(await openStore('results/runs.db', cwd))).toBe('r1');
    expect(existsSync(join(cwd, 'results', 'runs.db'))).toBe(true);
    expect(existsSync(join(cwd, 'results', 'runs.db.key'))).toBe(true);
  });

  it('opens a memory store for memory:', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'endstate-open-'));
    expect(await roundTrip(await openStore('memory:', cwd))).toBe('r1');
    expect(existsSync(join(cwd, 'memory:'))).toBe(false);
  });

  it.each(['postgres', 'postgresql'])(
    'opens PostgreSQL for a %s:// URL, in the schema it names, its key under .endstate/',
    async (scheme) => {
      const cwd = mkdtempSync(join(tmpdir(), 'endstate-open-'));
      const schema = newSchema();
      const url = `${POSTGRES_URL.replace(/^postgres(ql)?:/, `${scheme}:`)}?schema=${schema}`;
      expect(await roundTrip(await openStore(url, cwd))).toBe('r1');
      const { rows } = await queryOnce(`SELECT run_id FROM ${schema}.runs`);
      expect(rows).toEqual([{ run_id: 'r1' }]);
      expect(existsSync(join(cwd, '.endstate', `postgres-${parsePostgresUrl(url).name}.key`))).toBe(
        true,
      );
    },
  );

  it('refuses an empty value and URLs of other stores as usage errors', async () => {
    for (const spec of ['', 'mysql://db/evals', 'redis://localhost:6379'])
      await expect(openStore(spec, tmpdir())).rejects.toMatchObject({ code: 'E_USAGE' });
    await expect(openStore('mysql://u:secret@db/evals', tmpdir())).rejects.toThrow(
      /^--store mysql:\/\/ names no store endstate can open\nHint: Give a file path/,
    );
  });
});

describe('openStore with existing', () => {
  it('refuses a missing SQLite file and makes none', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'endstate-open-'));
    await expect(openStore('runs.db', cwd, { existing: true })).rejects.toThrow(
      `no result store at ${join(cwd, 'runs.db')}`,
    );
    expect(existsSync(join(cwd, 'runs.db'))).toBe(false);
  });

  it('refuses memory: as a usage error: it holds no runs to read', async () => {
    const opening = openStore('memory:', tmpdir(), { existing: true });
    await expect(opening).rejects.toMatchObject({ code: 'E_USAGE' });
    await expect(opening).rejects.toThrow(/^--store memory: holds no runs to read\n/);
  });

  it('refuses a PostgreSQL schema that holds no store, leaving no schema and no key behind', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'endstate-open-'));
    const schema = newSchema();
    const url = `${POSTGRES_URL}?schema=${schema}`;
    const opening = openStore(url, cwd, { existing: true });
    await expect(opening).rejects.toMatchObject({ code: 'E_STORE' });
    await expect(opening).rejects.toThrow(
      `no result store at ${parsePostgresUrl(url).display} (schema ${schema} holds none)`,
    );
    const { rows } = await queryOnce(
      `SELECT schema_name FROM information_schema.schemata WHERE schema_name = '${schema}'`,
    );
    expect(rows).toEqual([]);
    expect(existsSync(join(cwd, '.endstate'))).toBe(false);
  });

  it('opens a PostgreSQL store that is there', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'endstate-open-'));
    const url = `${POSTGRES_URL}?schema=${newSchema()}`;
    await (await openStore(url, cwd)).close();
    const store = await openStore(url, cwd, { existing: true });
    expect(await roundTrip(store)).toBe('r1');
  });
});

describe('parsePostgresUrl', () => {
  it('reads the schema, masks the password and names the store', () => {
    expect(parsePostgresUrl('postgres://ana:s3cret@db.internal:6543/evals?schema=team_a')).toEqual({
      connectionString: 'postgres://ana:s3cret@db.internal:6543/evals',
      schema: 'team_a',
      display: 'postgres://ana:****@db.internal:6543/evals?schema=team_a',
      name: 'db.internal-6543-evals-team_a',
    });
  });

  it('refuses a schema name that is not a plain name, a URL with no database, and text that is no URL', () => {
    expect(() => parsePostgresUrl('postgres://db/evals?schema=a;drop')).toThrow(
      /schema=a;drop: a schema name is letters, digits and _/,
    );
    expect(() => parsePostgresUrl('postgres://db.internal')).toThrow(
      /names no host or no database/,
    );
    expect(() => parsePostgresUrl('postgres://')).toThrow(/is not a URL|names no host/);
  });
});
