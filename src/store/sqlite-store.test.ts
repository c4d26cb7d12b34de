import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createOracleAgent } from '../agent/index.js';
import { buildSystemSpec, hashSystemSpec } from '../run/index.js';
import { buildRunRecord, buildTrialRecord } from '../testing/index.js';
import { encodeTrial } from './encoded-trial.js';
import { describeRunStoreContract } from './run-store.contract.js';
import type { StoreTamper, TrialAt } from './run-store.contract.js';
import { openSqliteStore, openStoreConnections } from './sqlite-store.js';

const newStorePath = (): string =>
  join(mkdtempSync(join(tmpdir(), 'endstate-store-')), 'endstate.db');

/** A database made before stores had 16 KB pages (4 KB pages, one table). */
function olderStorePath(): string {
  const path = newStorePath();
  const db = new Database(path);
  db.pragma('page_size = 4096');
  db.exec('CREATE TABLE keep (x)');
  db.close();
  return path;
}

/** Rewrites the store's file through a connection of its own, as any process that can open it could. */
function sqliteTamper(path: string): StoreTamper {
  const withDb = (work: (db: Database.Database) => void): Promise<void> => {
    const db = new Database(path);
    try {
      db.pragma('busy_timeout = 10000');
      work(db);
    } finally {
      db.close();
    }
    return Promise.resolve();
  };
  const where = 'run_id = ? AND task_id = ? AND attempt = ? AND rerun = ?';
  const keyOf = (runId: string, at: TrialAt) => [runId, at.task_id, at.attempt, at.rerun ?? 0];
  return {
    editTrial: (runId, at, edit) =>
      withDb((db) => {
        const row = db
          .prepare<unknown[], { record: string; events: string }>(
            `SELECT record, events FROM trials WHERE ${where}`,
          )
          .get(...keyOf(runId, at))!;
        const record = JSON.parse(row.record) as Record<string, unknown>;
        const edited = edit({ ...record, events: JSON.parse(row.events) } as never);
        const encoded = encodeTrial(edited);
        db.prepare(`UPDATE trials SET record = ?, events = ? WHERE ${where}`).run(
          encoded.record,
          encoded.events,
          ...keyOf(runId, at),
        );
      }),
    deleteTrial: (runId, at) =>
      withDb((db) => db.prepare(`DELETE FROM trials WHERE ${where}`).run(...keyOf(runId, at))),
    insertTrial: (trial) =>
      withDb((db) => {
        const encoded = encodeTrial(trial);
        db.prepare(
          'INSERT INTO trials (trial_id, run_id, task_id, attempt, rerun, valid, success, terminal_reason, exit_reason, record, events) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
        ).run(
          encoded.trial_id,
          encoded.run_id,
          encoded.task_id,
          encoded.attempt,
          encoded.rerun,
          1,
          encoded.success ? 1 : 0,
          encoded.terminal_reason,
          encoded.exit_reason,
          encoded.record,
          encoded.events,
        );
      }),
    swapTrials: (runId, a, b) =>
      withDb((db) => {
        const seal = (at: TrialAt) =>
          db
            .prepare<unknown[], { seal: string }>(`SELECT seal FROM trials WHERE ${where}`)
            .get(...keyOf(runId, at))!.seal;
        const [first, second] = [seal(a), seal(b)];
        const update = db.prepare(`UPDATE trials SET seal = ? WHERE ${where}`);
        update.run(second, ...keyOf(runId, a));
        update.run(first, ...keyOf(runId, b));
      }),
    editRun: (runId, edit) =>
      withDb((db) => {
        const row = db
          .prepare<[string], { record: string }>('SELECT record FROM runs WHERE run_id = ?')
          .get(runId)!;
        db.prepare('UPDATE runs SET record = ? WHERE run_id = ?').run(
          JSON.stringify(edit(JSON.parse(row.record) as never)),
          runId,
        );
      }),
    deleteRun: (runId) =>
      withDb((db) => {
        db.prepare('DELETE FROM trials WHERE run_id = ?').run(runId);
        db.prepare('DELETE FROM runs WHERE run_id = ?').run(runId);
      }),
    async snapshotRun(runId) {
      let kept: { record: string; seal: string | null; status: string; finished_at: string | null };
      await withDb((db) => {
        kept = db
          .prepare<[string], typeof kept>(
            'SELECT record, seal, status, finished_at FROM runs WHERE run_id = ?',
          )
          .get(runId)!;
      });
      return () =>
        withDb((db) =>
          db
            .prepare(
              'UPDATE runs SET record = ?, seal = ?, status = ?, finished_at = ? WHERE run_id = ?',
            )
            .run(kept.record, kept.seal, kept.status, kept.finished_at, runId),
        );
    },
  };
}

describeRunStoreContract(
  'openSqliteStore',
  () => openSqliteStore(newStorePath()),
  () => {
    const path = newStorePath();
    return { store: openSqliteStore(path), tamper: sqliteTamper(path) };
  },
);

describeRunStoreContract('openSqliteStore (durable)', () =>
  openSqliteStore(newStorePath(), { durable: true }),
);

describe('openSqliteStore', () => {
  it('keeps what was written across reopening', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'endstate-store-')), 'nested', 'endstate.db');
    const first = openSqliteStore(path);
    const system = buildSystemSpec(createOracleAgent().spec);
    await first.createRun({
      run_id: 'kept',
      created_at: '2026-11-01T00:00:00.000Z',
      finished_at: null,
      status: 'running',
      suite: { name: 's', path: '/s', hash: 'h', task_ids: [], revisions: {} },
      system,
      system_hash: hashSystemSpec(system),
      trials_per_task: 1,
      seed: 0,
      concurrency: 1,
      max_reruns: 0,
    });
    await first.close();
    const second = openSqliteStore(path);
    expect((await second.latestRun())?.run_id).toBe('kept');
    await second.close();
  });

  it("makes new stores with 16 KB pages and keeps an older store's page size", async () => {
    const fresh = newStorePath();
    const store = openSqliteStore(fresh, { writer: 'inline' });
    await store.close();
    const read = (path: string): unknown => {
      const db = new Database(path, { readonly: true });
      try {
        return db.pragma('page_size', { simple: true });
      } finally {
        db.close();
      }
    };
    expect(read(fresh)).toBe(16_384);

    const older = olderStorePath();
    const reopened = openSqliteStore(older, { writer: 'inline' });
    await reopened.createRun(buildRunRecord(['t1'], { run_id: 'r-old' }));
    expect((await reopened.getRun('r-old'))?.run_id).toBe('r-old');
    await reopened.close();
    expect(read(older)).toBe(4096);
  });

  it('commits waiting trials on flush, without waiting for the group commit', async () => {
    vi.useFakeTimers();
    const store = openSqliteStore(newStorePath(), { writer: 'inline' });
    try {
      await store.createRun(buildRunRecord(['t1'], { run_id: 'r1' }));
      let committed = false;
      const put = store
        .putTrial(buildTrialRecord({ run_id: 'r1', task_id: 't1', attempt: 1 }))
        .then(() => (committed = true));
      // The group commit's timer never fires here: only flush commits.
      await Promise.resolve();
      expect(committed).toBe(false);
      store.flush?.();
      await put;
      expect(committed).toBe(true);
    } finally {
      vi.useRealTimers();
      await store.close();
    }
  });

  it('seals an interrupted run over the trials it holds: one stored while the run closes is committed first', async () => {
    vi.useFakeTimers();
    const path = newStorePath();
    const store = openSqliteStore(path, { writer: 'inline' });
    try {
      await store.createRun(buildRunRecord(['t1'], { run_id: 'r1' }));
      void store.putTrial(buildTrialRecord({ run_id: 'r1', task_id: 't1', attempt: 1 }));
      const closing = store.finishRun('r1', 'interrupted', '2026-12-01T00:00:00.000Z');
      // A trial that finishes while the first is being committed (the group commit's timer never fires).
      void store.putTrial(buildTrialRecord({ run_id: 'r1', task_id: 't1', attempt: 2 }));
      await closing;
      // What another process (the next `report`) reads, even if this one exits now.
      const reader = openSqliteStore(path);
      try {
        expect(await reader.verifyRun('r1')).toEqual({ status: 'sealed', complete: true });
        expect(await reader.listTrials('r1')).toHaveLength(2);
      } finally {
        await reader.close();
      }
    } finally {
      vi.useRealTimers();
      await store.close();
    }
  });

  it('reads and upgrades a store of schema version 3 or 4, its runs reported unsealed; refuses other versions', async () => {
    for (const oldVersion of ['3', '4']) {
      const path = newStorePath();
      const record = buildTrialRecord({ run_id: 'r3', task_id: 't1', attempt: 1 });
      const run = buildRunRecord(['t1'], { run_id: 'r3' });
      // A store as version 3 and 4 made it: no seal columns, no key file.
      const db = new Database(path);
      db.exec(`
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE runs (run_id TEXT PRIMARY KEY, created_at TEXT NOT NULL, finished_at TEXT,
          status TEXT NOT NULL, suite_name TEXT NOT NULL, suite_hash TEXT NOT NULL,
          system_hash TEXT NOT NULL, record TEXT NOT NULL);
        CREATE TABLE trials (trial_id TEXT PRIMARY KEY, run_id TEXT NOT NULL REFERENCES runs(run_id),
          task_id TEXT NOT NULL, attempt INTEGER NOT NULL, rerun INTEGER NOT NULL, valid INTEGER NOT NULL,
          success INTEGER NOT NULL, terminal_reason TEXT NOT NULL, exit_reason TEXT NOT NULL,
          record TEXT NOT NULL, events TEXT NOT NULL);`);
      db.prepare("INSERT INTO meta VALUES ('schema_version', ?)").run(oldVersion);
      db.prepare('INSERT INTO runs VALUES (?, ?, ?, ?, ?, ?, ?, ?)').run(
        'r3',
        run.created_at,
        null,
        run.status,
        run.suite.name,
        run.suite.hash,
        run.system_hash,
        JSON.stringify(run),
      );
      // The events as JSON.stringify wrote them.
      const { events, ...rest } = record;
      db.prepare('INSERT INTO trials VALUES (?, ?, ?, 1, 0, 1, 0, ?, ?, ?, ?)').run(
        record.trial_id,
        'r3',
        't1',
        record.terminal_reason,
        record.exit_reason,
        JSON.stringify(rest),
        JSON.stringify(events),
      );
      db.close();

      const reopened = openSqliteStore(path, { writer: 'inline' });
      expect(await reopened.listTrials('r3')).toEqual([record]);
      expect(await reopened.verifyRun('r3')).toEqual({ status: 'unsealed' });
      // Runs written from now on are sealed.
      await reopened.createRun(buildRunRecord(['t1'], { run_id: 'r5' }));
      await reopened.putTrial(
        buildTrialRecord({ run_id: 'r5', trial_id: 'r5-t1', task_id: 't1', attempt: 1 }),
      );
      await reopened.finishRun('r5', 'finished', '2026-11-02T00:00:00.000Z');
      expect(await reopened.verifyRun('r5')).toEqual({ status: 'sealed', complete: true });
      await reopened.close();
      expect(statSync(`${path}.key`).mode & 0o777).toBe(0o600);
      const check = new Database(path, { readonly: true });
      expect(
        check.prepare("SELECT value FROM meta WHERE key = 'schema_version'").pluck().get(),
      ).toBe('5');
      check.close();

      const setVersion = new Database(path);
      setVersion.prepare("UPDATE meta SET value = '2' WHERE key = 'schema_version'").run();
      setVersion.close();
      expect(() => openSqliteStore(path)).toThrow(/store schema version 2, this endstate reads 5/);
    }
  });

  it('makes a key file (mode 0600) with a new store; without it, runs cannot be verified', async () => {
    const path = newStorePath();
    const store = openSqliteStore(path, { writer: 'inline' });
    await store.createRun(buildRunRecord(['t1'], { run_id: 'r1' }));
    await store.putTrial(buildTrialRecord({ run_id: 'r1', task_id: 't1', attempt: 1 }));
    await store.finishRun('r1', 'finished', '2026-11-02T00:00:00.000Z');
    await store.close();
    expect(statSync(`${path}.key`).mode & 0o777).toBe(0o600);
    rmSync(`${path}.key`);
    const reopened = openSqliteStore(path, { writer: 'inline' });
    expect(await reopened.verifyRun('r1')).toEqual({
      status: 'unverifiable',
      reason: `the store's key (${path}.key) is missing, so its seals cannot be checked`,
    });
    await reopened.close();
    expect(existsSync(`${path}.key`)).toBe(false);
  });

  it('finds runs sealed under another key', async () => {
    const path = newStorePath();
    const store = openSqliteStore(path, { writer: 'inline' });
    await store.createRun(buildRunRecord(['t1'], { run_id: 'r1' }));
    await store.finishRun('r1', 'finished', '2026-11-02T00:00:00.000Z');
    await store.close();
    rmSync(`${path}.key`);
    writeFileSync(
      `${path}.key`,
      JSON.stringify({
        version: 1,
        key: Buffer.alloc(32, 7).toString('base64'),
        unsealed_runs: [],
      }),
    );
    const reopened = openSqliteStore(path, { writer: 'inline' });
    // The ledger beside the key was made under the old key too: it is refused, naming it.
    const checking = reopened.verifyRun('r1');
    await expect(checking).rejects.toMatchObject({ code: 'E_STORE' });
    await expect(checking).rejects.toThrow(
      `the store's ledger ${path}.ledger line 1 does not match its MAC (changed outside endstate, or made under another key)`,
    );
    rmSync(`${path}.ledger`);
    expect(await reopened.verifyRun('r1')).toMatchObject({ status: 'tampered' });
    await reopened.close();
  });

  it('orders runs by their records, not the created_at column, and catches index columns altered with SQL', async () => {
    const path = newStorePath();
    const store = openSqliteStore(path, { writer: 'inline' });
    for (const [runId, createdAt] of [
      ['old', '2026-11-01T00:00:00.000Z'],
      ['new', '2026-11-02T00:00:00.000Z'],
    ] as const) {
      await store.createRun(buildRunRecord(['t1'], { run_id: runId, created_at: createdAt }));
      await store.putTrial(
        buildTrialRecord({ run_id: runId, trial_id: `${runId}/t1/1.0`, task_id: 't1', attempt: 1 }),
      );
      await store.finishRun(runId, 'finished', '2026-11-03T00:00:00.000Z');
    }
    const db = new Database(path);
    db.exec(
      "UPDATE runs SET created_at = '2099-01-01T00:00:00.000Z', suite_hash = 'forged' WHERE run_id = 'old'; UPDATE trials SET success = 1 - success WHERE run_id = 'new'",
    );
    db.close();
    expect((await store.latestRun())?.run_id).toBe('new');
    expect((await store.listRuns()).map((run) => run.run_id)).toEqual(['old', 'new']);
    expect(await store.verifyRun('old')).toEqual({
      status: 'tampered',
      problems: [
        {
          message:
            "the run's index column(s) created_at, suite_hash do not match its record (changed outside endstate)",
        },
      ],
    });
    expect(await store.verifyRun('new')).toMatchObject({
      status: 'tampered',
      problems: [
        {
          message:
            't1 attempt 1: its index column(s) success do not match its record (changed outside endstate)',
        },
      ],
    });
    await store.close();
  });

  it('refuses a file that is not a store with an E_STORE error', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'endstate-store-')), 'not-a-db');
    writeFileSync(path, 'this is not sqlite, just text that is long enough to be read as a header');
    expect(() => openSqliteStore(path)).toThrow(/cannot open the result store/);
  });
});

describe('openSqliteStore with shared writers', () => {
  it.each([
    [true, 'sealed with them', undefined],
    [false, 'sealed without them, so they show as late', ['a attempt 1', 'b attempt 1']],
  ])(
    'with sharedWriters %s, seals a run over the trials another process stored: %s',
    async (sharedWriters, _, late) => {
      const path = newStorePath();
      const coordinator = openSqliteStore(path, { sharedWriters });
      const run = buildRunRecord(['a', 'b'], { run_id: 'shared' });
      await coordinator.createRun(run);
      const worker = openSqliteStore(path);
      for (const task_id of ['a', 'b'])
        await worker.putTrial(buildTrialRecord({ run_id: 'shared', task_id, attempt: 1 }));
      await worker.close();
      await coordinator.finishRun('shared', 'finished', '2026-11-01T00:00:01.000Z');
      const verification = await coordinator.verifyRun('shared');
      expect(verification?.status).toBe('sealed');
      expect(verification?.status === 'sealed' ? verification.late : 'not sealed').toEqual(late);
      await coordinator.close();
    },
  );
});

describe('openSqliteStore with durable writes', () => {
  // SQLite's codes for PRAGMA synchronous: 1 is NORMAL, 2 is FULL.
  const NORMAL = 1;
  const FULL = 2;

  it.each(['thread', 'inline'] as const)(
    'syncs every commit of the %s writer (synchronous = FULL, still WAL)',
    async (writer) => {
      const connections = openStoreConnections(newStorePath(), { writer, durable: true });
      try {
        expect(await connections.writer.readPragma('synchronous')).toBe(FULL);
        expect(await connections.writer.readPragma('journal_mode')).toBe('wal');
        // New runs are written through the reading connection.
        expect(connections.db.pragma('synchronous', { simple: true })).toBe(FULL);
      } finally {
        await connections.writer.close();
        connections.db.close();
      }
    },
  );

  it.each(['thread', 'inline'] as const)(
    'leaves the %s writer at synchronous = NORMAL by default',
    async (writer) => {
      const connections = openStoreConnections(newStorePath(), { writer });
      try {
        expect(await connections.writer.readPragma('synchronous')).toBe(NORMAL);
        expect(await connections.writer.readPragma('journal_mode')).toBe('wal');
        expect(connections.db.pragma('synchronous', { simple: true })).toBe(NORMAL);
      } finally {
        await connections.writer.close();
        connections.db.close();
      }
    },
  );

  it('checkpoints the WAL every 16 MB, whatever the page size', async () => {
    const older = olderStorePath();
    for (const [path, pages] of [
      [newStorePath(), 1024],
      [older, 4096],
    ] as const) {
      const connections = openStoreConnections(path, {});
      try {
        expect(await connections.writer.readPragma('wal_autocheckpoint')).toBe(pages);
      } finally {
        await connections.writer.close();
        connections.db.close();
      }
    }
  });

  it('refuses to read a pragma whose name is not a plain name', async () => {
    const connections = openStoreConnections(newStorePath(), {});
    try {
      await expect(connections.writer.readPragma('synchronous; DROP TABLE runs')).rejects.toThrow(
        /not a pragma name/,
      );
    } finally {
      await connections.writer.close();
      connections.db.close();
    }
  });
});

describe('a stored run outside the documented bounds', () => {
  it('is refused with its id and the field, not a raw schema dump', async () => {
    const path = newStorePath();
    const store = openSqliteStore(path);
    await store.createRun(buildRunRecord(['t1'], { run_id: 'huge-seed' }));
    await store.close();
    const db = new Database(path);
    const row = db.prepare('SELECT record FROM runs WHERE run_id = ?').get('huge-seed') as {
      record: string;
    };
    db.prepare('UPDATE runs SET record = ? WHERE run_id = ?').run(
      row.record.replace(/"seed":\d+/, '"seed":1e30'),
      'huge-seed',
    );
    db.close();
    const reopened = openSqliteStore(path);
    const read = reopened.latestRun();
    await expect(read).rejects.toMatchObject({ code: 'E_STORE' });
    await expect(read).rejects.toThrow(/^stored run huge-seed cannot be read \(seed: /);
    await reopened.close();
  });
});
