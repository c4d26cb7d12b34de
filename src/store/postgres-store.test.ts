import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
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
    async deleteRun(runId) {
      await admin.query(`DELETE FROM ${trials} WHERE run_id = $1`, [runId]);
      await admin.query(`DELETE FROM ${schema}.runs WHERE run_id = $1`, [runId]);
    },
    async snapshotRun(runId) {
      const columns = 'record, seal, status, finished_at';
      const { rows } = await admin.query<Record<string, string | null>>(
        `SELECT ${columns} FROM ${schema}.runs WHERE run_id = $1`,
        [runId],
      );
      const kept = rows[0]!;
      return async () => {
        await admin.query(
          `UPDATE ${schema}.runs SET record = $2, seal = $3, status = $4, finished_at = $5 WHERE run_id = $1`,
          [runId, kept.record, kept.seal, kept.status, kept.finished_at],
        );
      };
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

  it('keeps the ledger beside the key: a line per run created and per closing, each with its MAC', async () => {
    const schema = newSchema();
    const keyPath = newKeyPath();
    const store = await open(schema, keyPath);
    await store.createRun(buildRunRecord(['t1'], { run_id: 'r1' }));
    await store.putTrial(buildTrialRecord({ run_id: 'r1', task_id: 't1', attempt: 1 }));
    await store.finishRun('r1', 'finished', '2026-11-02T00:00:00.000Z');
    await store.close();
    const ledger = keyPath.replace(/\.key$/, '.ledger');
    expect(statSync(ledger).mode & 0o777).toBe(0o600);
    const lines = readFileSync(ledger, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toMatchObject([
      { v: 1, type: 'run-created', run_id: 'r1', created_at: '2026-11-30T00:00:00.000Z' },
      { v: 1, type: 'run-closed', run_id: 'r1', status: 'finished', trials: 1 },
    ]);
    expect(lines.every((line) => /^[0-9a-f]{64}$/.test(String(line.mac)))).toBe(true);
  });

  it('starts a ledger beside a store that already holds runs by listing them, so their removal shows too', async () => {
    const schema = newSchema();
    const keyPath = newKeyPath();
    const first = await open(schema, keyPath);
    await first.createRun(buildRunRecord(['t1'], { run_id: 'before' }));
    await first.close();
    // Another machine, with a copy of the key and no ledger yet, starts a run.
    const elsewhere = join(mkdtempSync(join(tmpdir(), 'endstate-pg-')), 'postgres.key');
    copyFileSync(keyPath, elsewhere);
    const second = await open(schema, elsewhere);
    await second.createRun(
      buildRunRecord(['t1'], { run_id: 'after', created_at: '2026-12-01T00:00:00.000Z' }),
    );
    await admin.query(`DELETE FROM ${schema}.runs WHERE run_id = 'before'`);
    expect(await second.listGoneRuns()).toEqual([
      { run_id: 'before', created_at: '2026-11-30T00:00:00.000Z' },
    ]);
    await second.close();
  });

  describe('index columns outside the seal, altered with SQL', () => {
    /** A store with two finished runs, `old` and `new`, a trial each. */
    async function twoRuns(schema: string, keyPath = newKeyPath()) {
      const store = await open(schema, keyPath);
      for (const [runId, createdAt] of [
        ['old', '2026-11-01T00:00:00.000Z'],
        ['new', '2026-11-02T00:00:00.000Z'],
      ] as const) {
        await store.createRun(buildRunRecord(['t1'], { run_id: runId, created_at: createdAt }));
        await store.putTrial(
          buildTrialRecord({
            run_id: runId,
            trial_id: `${runId}/t1/1.0`,
            task_id: 't1',
            attempt: 1,
          }),
        );
        await store.finishRun(runId, 'finished', createdAt.replace('T00', 'T01'));
      }
      return store;
    }
    const problemsOf = async (store: Awaited<ReturnType<typeof open>>, runId: string) => {
      const verification = await store.verifyRun(runId);
      return verification?.status === 'tampered'
        ? verification.problems.map((problem) => problem.message)
        : verification;
    };

    it('created_at and stored_order move no run, here or on a machine with only a copy of the key', async () => {
      const schema = newSchema();
      const keyPath = newKeyPath();
      const store = await twoRuns(schema, keyPath);
      await admin.query(
        `UPDATE ${schema}.runs SET created_at = '2099-01-01T00:00:00.000Z', stored_order = stored_order + 1000 WHERE run_id = 'old'`,
      );
      expect((await store.latestRun())?.run_id).toBe('new');
      expect((await store.listRuns()).map((run) => run.run_id)).toEqual(['old', 'new']);
      // A machine with only a copy of the key orders by the records alone: the same.
      const keyOnly = join(mkdtempSync(join(tmpdir(), 'endstate-pg-')), 'postgres.key');
      copyFileSync(keyPath, keyOnly);
      const elsewhere = await open(schema, keyOnly);
      expect((await elsewhere.latestRun())?.run_id).toBe('new');
      // And the altered column is caught when the run is checked.
      expect(await problemsOf(store, 'old')).toEqual([
        "the run's index column(s) created_at do not match its record (changed outside endstate)",
      ]);
      expect(await problemsOf(store, 'new')).toEqual({ status: 'sealed', complete: true });
      await Promise.all([store.close(), elsewhere.close()]);
    });

    it("the run's suite_hash, suite_name, system_hash and status are caught when the run is checked", async () => {
      const schema = newSchema();
      const store = await twoRuns(schema);
      await admin.query(
        `UPDATE ${schema}.runs SET suite_hash = 'forged', suite_name = 'other', system_hash = 'forged', status = 'running' WHERE run_id = 'new'`,
      );
      expect(await problemsOf(store, 'new')).toEqual([
        "the run's index column(s) status, suite_hash, suite_name, system_hash do not match its record (changed outside endstate)",
      ]);
      // What a report reads comes from the sealed record.
      expect(await store.getRun('new')).toMatchObject({
        status: 'finished',
        suite: { name: 'demo', hash: 'a'.repeat(64) },
      });
      await store.close();
    });

    it("a trial's valid, success, reasons and identity columns are caught when its run is checked", async () => {
      const schema = newSchema();
      const store = await twoRuns(schema);
      await admin.query(
        `UPDATE ${schema}.trials SET valid = NOT valid, success = NOT success, terminal_reason = 'success', trial_id = 'x' WHERE run_id = 'new'`,
      );
      // The coordinator's light read sees the column; the check of the run names it.
      expect((await store.listTrialKeys('new'))[0]?.valid).toBe(false);
      expect(await problemsOf(store, 'new')).toEqual([
        't1 attempt 1: its index column(s) success, terminal_reason, trial_id, valid do not match its record (changed outside endstate)',
      ]);
      await admin.query(`UPDATE ${schema}.trials SET attempt = 2 WHERE run_id = 'old'`);
      expect(await problemsOf(store, 'old')).toEqual([
        't1 attempt 1: its index column(s) attempt do not match its record (changed outside endstate)',
      ]);
      await store.close();
    });
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
