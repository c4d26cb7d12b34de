import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../store/index.js';
import type { RunStore } from '../store/index.js';
import { buildRunRecord, buildTrialRecord } from '../testing/index.js';
import { captureIo } from './capture-io.js';
import { main } from './main.js';
import { storeSpecOf } from './store-path.js';
import { startViewServer } from './view-command.js';

/** The server the PostgreSQL cases run against (trust authentication; see docs/scale-out.md). */
const POSTGRES_URL =
  process.env.ENDSTATE_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

let admin: pg.Client;
const schemas: string[] = [];

beforeAll(async () => {
  admin = new pg.Client({ connectionString: POSTGRES_URL });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL does not answer at ${POSTGRES_URL} (${(error as Error).message}): start it, or point ENDSTATE_TEST_POSTGRES_URL at a server (see docs/scale-out.md).`,
      { cause: error },
    );
  }
});

afterAll(async () => {
  for (const schema of schemas) await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await admin.end();
});

/** A store in a folder of its own, and SQL run on its tables behind its back. */
interface Backend {
  readonly folder: string;
  /** The `--store` value. */
  readonly store: string;
  /** Runs SQL with `{runs}` and `{trials}` naming the store's tables. */
  sql(statement: string): Promise<void>;
  /** Flips a trial's `success` column (SQLite keeps booleans as 0 and 1). */
  readonly flipSuccess: string;
}

const BACKENDS: Record<string, () => Backend> = {
  sqlite: () => {
    const folder = mkdtempSync(join(tmpdir(), 'endstate-gone-'));
    const file = join(folder, 'endstate.db');
    return {
      folder,
      store: file,
      sql(statement) {
        const db = new Database(file);
        try {
          db.exec(statement.replaceAll('{runs}', 'runs').replaceAll('{trials}', 'trials'));
        } finally {
          db.close();
        }
        return Promise.resolve();
      },
      flipSuccess: 'success = 1 - success',
    };
  },
  postgres: () => {
    const folder = mkdtempSync(join(tmpdir(), 'endstate-gone-'));
    const schema = `endstate_test_${randomBytes(6).toString('hex')}`;
    schemas.push(schema);
    return {
      folder,
      store: `${POSTGRES_URL}?schema=${schema}`,
      async sql(statement) {
        await admin.query(
          statement
            .replaceAll('{runs}', `${schema}.runs`)
            .replaceAll('{trials}', `${schema}.trials`),
        );
      },
      flipSuccess: 'success = NOT success',
    };
  },
};

const CREATED = { old: '2026-11-01T00:00:00.000Z', new: '2026-11-02T00:00:00.000Z' };

/** Opens the backend's store as `endstate run` does (its key and ledger in the folder). */
const openBackend = (backend: Backend): Promise<RunStore> =>
  openStore(storeSpecOf(backend.store, backend.folder).spec, backend.folder);

/** Stores run `runId` (task t, attempts 1 and 2), finished; `beforeClose` runs before it is closed. */
async function storeRun(
  store: RunStore,
  runId: string,
  createdAt: string,
  beforeClose: () => Promise<void> = () => Promise.resolve(),
): Promise<void> {
  await store.createRun(
    buildRunRecord(['t'], {
      run_id: runId,
      created_at: createdAt,
      status: 'running',
      finished_at: null,
    }),
  );
  for (const attempt of [1, 2])
    await store.putTrial({
      ...buildTrialRecord({ task_id: 't', attempt, success: attempt === 1 }),
      run_id: runId,
      trial_id: `${runId}/t/${attempt}.0`,
    });
  await beforeClose();
  await store.finishRun(runId, 'finished', createdAt.replace('T00', 'T01'));
}

/** A backend holding two finished runs, `old` and `new`. */
async function twoRuns(name: string): Promise<Backend> {
  const backend = BACKENDS[name]!();
  const store = await openBackend(backend);
  await storeRun(store, 'old', CREATED.old);
  await storeRun(store, 'new', CREATED.new);
  await store.close();
  return backend;
}

async function cli(backend: Backend, args: readonly string[]) {
  const io = captureIo(backend.folder);
  const code = await main([...args, '--store', backend.store], io);
  return { code, stdout: io.stdout.join(''), stderr: io.stderr.join('') };
}

const GONE_NEW = `run new was in this store and is gone (removed outside endstate; created ${CREATED.new}, closed finished with 2 trial(s))`;

describe.each(Object.keys(BACKENDS))('a %s store', { timeout: 60_000 }, (name) => {
  describe('a run removed whole with SQL', () => {
    let backend: Backend;
    beforeAll(async () => {
      backend = await twoRuns(name);
      await backend.sql(
        "DELETE FROM {trials} WHERE run_id = 'new'; DELETE FROM {runs} WHERE run_id = 'new'",
      );
    });

    it('report latest says latest is the gone run (E_TAMPERED, exit 2), never the run before it', async () => {
      const result = await cli(backend, ['report', 'latest']);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(
        `error E_TAMPERED: "latest" is run new, which was in this store and is gone (removed outside endstate; created ${CREATED.new}, closed finished with 2 trial(s))`,
      );
      expect(result.stdout).not.toContain('endstate · old');
    });

    it('report, show and compare of the gone run by id say it is gone (exit 2)', async () => {
      for (const args of [
        ['report', 'new'],
        ['show', 't', '1', '--run', 'new'],
        ['show', 't', '1'],
        ['compare', 'old', 'new'],
        ['report', 'latest~0'],
      ]) {
        const result = await cli(backend, args);
        expect({ args, code: result.code }).toEqual({ args, code: 2 });
        expect(result.stderr).toContain('E_TAMPERED');
        expect(result.stderr).toContain('run new');
        expect(result.stderr).toContain('was in this store and is gone');
      }
    });

    it('the report of a run still stored carries a warning naming the gone run', async () => {
      const result = await cli(backend, ['report', 'old', '--json', 'old.json']);
      expect(result.code).not.toBe(2);
      expect(result.stderr).toContain(`warning: ${GONE_NEW}`);
      expect(result.stdout).toContain(`warning: ${GONE_NEW}`);
      const json = JSON.parse(readFileSync(join(backend.folder, 'old.json'), 'utf8')) as {
        integrity: unknown;
        scorecard: { warnings: string[] };
      };
      expect(json.integrity).toEqual({ status: 'sealed', complete: true });
      expect(json.scorecard.warnings[0]).toBe(GONE_NEW);
    });

    it('--accept-tampered takes latest as the latest run still stored, saying so', async () => {
      const result = await cli(backend, ['report', 'latest', '--accept-tampered']);
      expect(result.code).not.toBe(2);
      expect(result.stderr).toContain(
        '*** GONE: "latest" is run new, which was in this store and is gone',
      );
      expect(result.stderr).toContain('run old is shown instead because of --accept-tampered');
      expect(result.stdout).toContain('endstate · old');
      expect(result.stdout).toContain(`warning: ${GONE_NEW}`);
    });

    it('view latest is refused (exit 2); the server answers 409 for it and lists the gone run', async () => {
      const refused = await cli(backend, ['view', 'latest']);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain(`error E_TAMPERED: "latest" is run new, which was`);
      const server = await startViewServer({
        store: storeSpecOf(backend.store, backend.folder),
        port: 0,
        io: captureIo(backend.folder),
      });
      try {
        for (const path of ['/runs/latest', '/runs/new']) {
          const response = await fetch(new URL(path, server.url));
          expect({ path, status: response.status }).toEqual({ path, status: 409 });
          expect(await response.text()).toContain('was in this store and is gone');
        }
        const list = await (await fetch(server.url)).text();
        expect(list).toContain(`warning: ${GONE_NEW}`);
        expect((await fetch(new URL('/runs/old', server.url))).status).toBe(200);
      } finally {
        await server.close();
      }
    });
  });

  it('report says a trial removed with SQL from a sealed run is missing (exit 2)', async () => {
    const backend = await twoRuns(name);
    await backend.sql("DELETE FROM {trials} WHERE run_id = 'old' AND attempt = 1");
    const result = await cli(backend, ['report', 'old']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      'error E_TAMPERED: run old was changed outside endstate: t attempt 1 is missing (removed outside endstate)',
    );
  });

  it("report catches a trial removed from a sealed run whose open run's seal was put back (exit 2)", async () => {
    const backend = BACKENDS[name]!();
    const store = await openBackend(backend);
    // What anyone reading the database while the run went on could keep, and put back later.
    await storeRun(store, 'r', CREATED.old, () =>
      backend.sql(
        "CREATE TABLE {runs}_kept AS SELECT run_id, record, seal, status, finished_at FROM {runs} WHERE run_id = 'r'",
      ),
    );
    await store.close();
    await backend.sql(
      "DELETE FROM {trials} WHERE run_id = 'r' AND attempt = 1; UPDATE {runs} SET record = (SELECT record FROM {runs}_kept), seal = (SELECT seal FROM {runs}_kept), status = (SELECT status FROM {runs}_kept), finished_at = NULL WHERE run_id = 'r'",
    );
    const result = await cli(backend, ['report', 'r']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      "error E_TAMPERED: run r was changed outside endstate: the run was closed finished with 2 trial(s), and its seal is an open run's (an older seal put back outside endstate)",
    );
  });

  it('an index column altered with SQL changes neither which run latest is nor a report without being caught', async () => {
    const backend = await twoRuns(name);
    await backend.sql(
      `UPDATE {runs} SET created_at = '2099-01-01T00:00:00.000Z' WHERE run_id = 'old'; UPDATE {trials} SET ${backend.flipSuccess} WHERE run_id = 'new' AND attempt = 2`,
    );
    // latest is still the run created last; its own altered column is caught.
    const latest = await cli(backend, ['report', 'latest']);
    expect(latest.code).toBe(2);
    expect(latest.stderr).toContain(
      'error E_TAMPERED: run new was changed outside endstate: t attempt 2: its index column(s) success do not match its record (changed outside endstate)',
    );
    const old = await cli(backend, ['report', 'old']);
    expect(old.code).toBe(2);
    expect(old.stderr).toContain(
      "error E_TAMPERED: run old was changed outside endstate: the run's index column(s) created_at do not match its record (changed outside endstate)",
    );
  });
});
