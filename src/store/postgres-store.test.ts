import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrialRecord } from '../schema/index.js';
import { buildRunRecord, buildTrialRecord } from '../testing/index.js';
import { encodeTrial } from './encoded-trial.js';
import { openPostgresStore, postgresKeyPath } from './postgres-store.js';
import { describeRunStoreContract } from './run-store.contract.js';
import type { StoreTamper, TrialAt } from './run-store.contract.js';

/** The server these tests run against (trust authentication; see docs/scale-out.md). */
export const TEST_POSTGRES_URL =
  process.env.ENDSTATE_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const HOW_TO_START = `These tests need PostgreSQL at ${TEST_POSTGRES_URL}: start it (\`sudo pg_ctlcluster 15 main start\`, or \`docker run -d -p 5432:5432 -e POSTGRES_HOST_AUTH_METHOD=trust -e POSTGRES_DB=test postgres:15\`), check it answers with \`psql -h 127.0.0.1 -U postgres -d test -c 'select 1'\`, or point ENDSTATE_TEST_POSTGRES_URL at another server.`;

let admin: pg.Client;
const schemas: string[] = [];

beforeAll(async () => {
  admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(`PostgreSQL does not answer (${(error as Error).message}). ${HOW_TO_START}`, {
      cause: error,
    });
  }
});

afterAll(async () => {
  for (const schema of schemas) await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await admin.end();
});

/** A schema of its own for each store under test, dropped after the file: test files never collide. */
function newSchema(): string {
  const schema = `endstate_test_${randomBytes(6).toString('hex')}`;
  schemas.push(schema);
  return schema;
}

const newKeyPath = (): string => join(mkdtempSync(join(tmpdir(), 'endstate-pg-')), 'postgres.key');

function open(schema = newSchema(), keyPath = newKeyPath()) {
  return openPostgresStore(TEST_POSTGRES_URL, { schema, keyPath });
}

/** Rewrites the store's rows through a connection of its own, as anyone with access to the database could. */
function postgresTamper(schema: string): StoreTamper {
  const where = 'run_id = $1 AND task_id = $2 AND attempt = $3 AND rerun = $4';
  const keyOf = (runId: string, at: TrialAt) => [runId, at.task_id, at.attempt, at.rerun ?? 0];
  const trials = `${schema}.trials`;
  return {
    async editTrial(runId, at, edit) {
      const { rows } = await admin.query<{ record: string; events: string }>(
        `SELECT record, events FROM ${trials} WHERE ${where}`,
        keyOf(runId, at),
      );
      const row = rows[0]!;
      const record = JSON.parse(row.record) as Record<string, unknown>;
      const encoded = encodeTrial(edit({ ...record, events: JSON.parse(row.events) } as never));
      await admin.query(`UPDATE ${trials} SET record = $5, events = $6 WHERE ${where}`, [
        ...keyOf(runId, at),
        encoded.record,
        encoded.events,
      ]);
    },
    async deleteTrial(runId, at) {
      await admin.query(`DELETE FROM ${trials} WHERE ${where}`, keyOf(runId, at));
    },
    async insertTrial(trial: TrialRecord) {
      const encoded = encodeTrial(trial);
      await admin.query(
        `INSERT INTO ${trials} (trial_id, run_id, task_id, attempt, rerun, valid, success, terminal_reason, exit_reason, record, events)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [
          encoded.trial_id,
          encoded.run_id,
          encoded.task_id,
          encoded.attempt,
          encoded.rerun,
          encoded.valid,
          encoded.success,
          encoded.terminal_reason,
          encoded.exit_reason,
          encoded.record,
          encoded.events,
        ],
      );
    },
    async swapTrials(runId, a, b) {
      await admin.query(
        `UPDATE ${trials} AS t SET seal = o.seal FROM ${trials} AS o
         WHERE t.run_id = $1 AND o.run_id = $1
           AND ((t.task_id, t.attempt, t.rerun) = ($2, $3, $4) AND (o.task_id, o.attempt, o.rerun) = ($5, $6, $7)
             OR (t.task_id, t.attempt, t.rerun) = ($5, $6, $7) AND (o.task_id, o.attempt, o.rerun) = ($2, $3, $4))`,
        [runId, a.task_id, a.attempt, a.rerun ?? 0, b.task_id, b.attempt, b.rerun ?? 0],
      );
    },
    async editRun(runId, edit) {
      const { rows } = await admin.query<{ record: string }>(
        `SELECT record FROM ${schema}.runs WHERE run_id = $1`,
        [runId],
      );
      await admin.query(`UPDATE ${schema}.runs SET record = $2 WHERE run_id = $1`, [
        runId,
        JSON.stringify(edit(JSON.parse(rows[0]!.record) as never)),
      ]);
    },
  };
}

describeRunStoreContract(
  'openPostgresStore',
  () => open(),
  async () => {
    const schema = newSchema();
    return { store: await open(schema), tamper: postgresTamper(schema) };
  },
);

describe('openPostgresStore', () => {
  it('applies each migration once when many processes open a new store at once, all sealing with one key', async () => {
    const schema = newSchema();
    const keyPath = newKeyPath();
    const stores = await Promise.all(Array.from({ length: 4 }, () => open(schema, keyPath)));
    const { rows } = await admin.query(`SELECT version, name FROM ${schema}.schema_migrations`);
    expect(rows).toEqual([{ version: 1, name: 'runs and trials with their seals' }]);
    expect(statSync(keyPath).mode & 0o777).toBe(0o600);
    const [first, second] = stores as [(typeof stores)[0], (typeof stores)[0]];
    await first.createRun(buildRunRecord(['t1'], { run_id: 'r1' }));
    await second.putTrial(buildTrialRecord({ run_id: 'r1', task_id: 't1', attempt: 1 }));
    await first.finishRun('r1', 'finished', '2026-11-02T00:00:00.000Z');
    expect(await stores[3]!.verifyRun('r1')).toEqual({ status: 'sealed', complete: true });
    await Promise.all(stores.map((store) => store.close()));
  });

  it('stores trials of two runs written by two stores at once, each run sealed over all its trials', async () => {
    const schema = newSchema();
    const keyPath = newKeyPath();
    const [a, b] = [await open(schema, keyPath), await open(schema, keyPath)];
    const tasks = ['t1', 't2', 't3', 't4', 't5'];
    await a.createRun(buildRunRecord(tasks, { run_id: 'run-a', trials_per_task: 10 }));
    await b.createRun(buildRunRecord(tasks, { run_id: 'run-b', trials_per_task: 10 }));
    const writes: Promise<void>[] = [];
    for (const runId of ['run-a', 'run-b'])
      for (const taskId of tasks)
        for (let attempt = 1; attempt <= 10; attempt++) {
          const writer = attempt % 2 === 0 ? a : b;
          writes.push(
            writer.putTrial(
              buildTrialRecord({
                run_id: runId,
                trial_id: `${runId}/${taskId}/${attempt}.0`,
                task_id: taskId,
                attempt,
              }),
            ),
          );
        }
    await Promise.all(writes);
    await a.finishRun('run-a', 'finished', '2026-11-02T00:00:00.000Z');
    await b.finishRun('run-b', 'finished', '2026-11-02T00:00:00.000Z');
    const reader = await open(schema, keyPath);
    for (const runId of ['run-a', 'run-b']) {
      expect(await reader.listTrials(runId)).toHaveLength(50);
      expect(await reader.verifyRun(runId)).toEqual({ status: 'sealed', complete: true });
    }
    await Promise.all([a.close(), b.close(), reader.close()]);
  });

  it('keeps one record of a trial two stores write at once (its job was given to another worker)', async () => {
    const schema = newSchema();
    const keyPath = newKeyPath();
    const [a, b] = [await open(schema, keyPath), await open(schema, keyPath)];
    await a.createRun(buildRunRecord(['t1'], { run_id: 'r1' }));
    const trial = buildTrialRecord({ run_id: 'r1', task_id: 't1', attempt: 1 });
    for (let round = 0; round < 5; round++)
      await Promise.all([
        a.putTrial(trial),
        b.putTrial({ ...trial, final_answer: `played again ${round}` }),
      ]);
    const { rows } = await admin.query(`SELECT count(*)::int AS n FROM ${schema}.trials`);
    expect(rows).toEqual([{ n: 1 }]);
    await a.finishRun('r1', 'finished', '2026-11-02T00:00:00.000Z');
    expect(await b.verifyRun('r1')).toEqual({ status: 'sealed', complete: true });
    await Promise.all([a.close(), b.close()]);
  });

  it('refuses a store a newer endstate migrated', async () => {
    const schema = newSchema();
    await (await open(schema)).close();
    await admin.query(`INSERT INTO ${schema}.schema_migrations (version, name) VALUES (99, 'x')`);
    const opening = open(schema);
    await expect(opening).rejects.toMatchObject({ code: 'E_STORE' });
    await expect(opening).rejects.toThrow(
      /schema version 99; this endstate knows versions up to 1/,
    );
  });

  it('says how to start PostgreSQL when it does not answer, with the password masked', async () => {
    const opening = openPostgresStore('postgres://postgres:secret@127.0.0.1:1/test', {
      keyPath: newKeyPath(),
    });
    await expect(opening).rejects.toMatchObject({ code: 'E_STORE', retryable: true });
    await expect(opening).rejects.toThrow(
      /^cannot reach the PostgreSQL store postgres:\/\/postgres:\*\*\*\*@127\.0\.0\.1:1\/test: .*\nHint: Start PostgreSQL/,
    );
  });

  it('makes the key file with a new store; a machine without a copy cannot verify, and says where it looked', async () => {
    const schema = newSchema();
    const keyPath = newKeyPath();
    const store = await open(schema, keyPath);
    await store.createRun(buildRunRecord(['t1'], { run_id: 'r1' }));
    await store.finishRun('r1', 'finished', '2026-11-02T00:00:00.000Z');
    await store.close();
    const elsewhere = newKeyPath();
    const other = await open(schema, elsewhere);
    expect(await other.verifyRun('r1')).toEqual({
      status: 'unverifiable',
      reason: `the store's key (${elsewhere}) is missing, so its seals cannot be checked`,
    });
    await other.close();
    expect(existsSync(elsewhere)).toBe(false);
  });

  it('keeps the key under .endstate/ of the working folder by default, named after the store', () => {
    expect(postgresKeyPath('postgres://u:p@db.internal:6543/evals?schema=team_a', '/work')).toBe(
      '/work/.endstate/postgres-db.internal-6543-evals-team_a.key',
    );
    expect(postgresKeyPath('postgresql://db.internal/evals', '/work')).toBe(
      '/work/.endstate/postgres-db.internal-5432-evals.key',
    );
  });
});
