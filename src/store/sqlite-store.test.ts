import Database from 'better-sqlite3';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createOracleAgent } from '../agent/index.js';
import { buildSystemSpec, hashSystemSpec } from '../run/index.js';
import { buildRunRecord, buildTrialRecord } from '../testing/index.js';
import { describeRunStoreContract } from './run-store.contract.js';
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

describeRunStoreContract('openSqliteStore', () => openSqliteStore(newStorePath()));

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

  it('reads and upgrades a store of schema version 3; refuses other versions', async () => {
    const path = newStorePath();
    const record = buildTrialRecord({ run_id: 'r3', task_id: 't1', attempt: 1 });
    const made = openSqliteStore(path, { writer: 'inline' });
    await made.createRun(buildRunRecord(['t1'], { run_id: 'r3' }));
    await made.close();
    // A version 3 row: the events as JSON.stringify wrote them.
    const { events, ...rest } = record;
    const setVersion = (version: string): void => {
      const db = new Database(path);
      db.prepare("UPDATE meta SET value = ? WHERE key = 'schema_version'").run(version);
      db.close();
    };
    const db = new Database(path);
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
    setVersion('3');

    const reopened = openSqliteStore(path, { writer: 'inline' });
    expect(await reopened.listTrials('r3')).toEqual([record]);
    await reopened.close();
    const check = new Database(path, { readonly: true });
    expect(check.prepare("SELECT value FROM meta WHERE key = 'schema_version'").pluck().get()).toBe(
      '4',
    );
    check.close();

    setVersion('2');
    expect(() => openSqliteStore(path)).toThrow(/store schema version 2, this endstate reads 4/);
  });

  it('refuses a file that is not a store with an E_STORE error', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'endstate-store-')), 'not-a-db');
    writeFileSync(path, 'this is not sqlite, just text that is long enough to be read as a header');
    expect(() => openSqliteStore(path)).toThrow(/cannot open the result store/);
  });
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
