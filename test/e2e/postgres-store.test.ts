import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, parsePostgresUrl } from '../../src/store/index.js';
import { REPO, example, runCli, tempFolder } from './run-cli.js';
import type { CliResult } from './run-cli.js';

/** The server these tests run against (trust authentication; see docs/scale-out.md). */
const POSTGRES_URL =
  process.env.ENDSTATE_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

let admin: pg.Client;
const schemas: string[] = [];
let cwd: string;
let sqlite: string;
let postgres: string;
const runIds: string[] = [];

/** A store URL in a schema of its own, dropped after the file. */
function newStoreUrl(): string {
  const schema = `endstate_test_${randomBytes(6).toString('hex')}`;
  schemas.push(schema);
  return `${POSTGRES_URL}?schema=${schema}`;
}

/** Stores the SQLite store's runs in a PostgreSQL store, record for record, as the library would. */
async function copyRuns(from: string, to: string, only?: readonly string[]): Promise<void> {
  const source = await openStore(from, cwd, { existing: true });
  const target = await openStore(to, cwd);
  try {
    for (const run of await source.listRuns()) {
      if (only !== undefined && !only.includes(run.run_id)) continue;
      await target.createRun(run);
      for (const trial of await source.listTrials(run.run_id)) await target.putTrial(trial);
      await target.finishRun(run.run_id, run.status, run.finished_at ?? run.created_at);
    }
  } finally {
    await source.close();
    await target.close();
  }
}

/** A command's output with the store named as `<store>`, and regraded runs' new ids as `<regraded>`. */
function normalised(result: CliResult, store: string): { code: number | null; out: string } {
  const out = `${result.stdout}\n--- stderr\n${result.stderr}`
    .replaceAll(store, '<store>')
    .replace(/-regrade-[0-9a-f]{6}\b/g, '-regrade-<id>');
  return { code: result.code, out };
}

/** The same command on the SQLite store and on the PostgreSQL store. */
function onBoth(args: readonly string[]) {
  return {
    sqlite: normalised(runCli([...args, '--store', sqlite], cwd), sqlite),
    postgres: normalised(runCli([...args, '--store', postgres], cwd), postgres),
  };
}

/** `endstate view RUN --store STORE`, the run's page fetched over HTTP, then Ctrl-C. */
async function viewPage(runId: string, store: string): Promise<{ status: number; body: string }> {
  const child = spawn(
    process.execPath,
    [join(REPO, 'bin/endstate.js'), 'view', runId, '--store', store],
    { cwd, env: { ...process.env, NO_COLOR: '1' } },
  );
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  try {
    const runUrl = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        const match = /run \S+: (http:\/\/127\.0\.0\.1:\d+\/runs\/\S+)/.exec(stdout);
        if (match?.[1] !== undefined) resolve(match[1]);
      });
      child.on('exit', (code) => reject(new Error(`view exited ${code}: ${stderr}`)));
    });
    const response = await fetch(runUrl);
    return { status: response.status, body: await response.text() };
  } finally {
    child.kill('SIGINT');
    await exited;
  }
}

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
  cwd = tempFolder();
  sqlite = join(cwd, 'runs.db');
  for (const seed of ['4', '5']) {
    const run = runCli(
      [
        'run',
        example('support'),
        ...['--agent', 'simulated', '--slip', '0.3', '--trials', '2', '--seed', seed],
        ...['--tasks', 'refund-*', '--store', sqlite, '--json', `run-${seed}.json`],
      ],
      cwd,
    );
    expect(run.code, run.stderr).not.toBe(2);
  }
  const source = await openStore(sqlite, cwd, { existing: true });
  runIds.push(...(await source.listRuns()).map((run) => run.run_id));
  await source.close();
  postgres = newStoreUrl();
  await copyRuns(sqlite, postgres);
}, 240_000);

afterAll(async () => {
  for (const schema of schemas) await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await admin.end();
});

describe('every command on a PostgreSQL store', { timeout: 120_000 }, () => {
  it('report prints the same scorecard as on the SQLite store holding the same run', () => {
    const { sqlite: a, postgres: b } = onBoth(['report', runIds[0]!]);
    expect(a.code).not.toBe(2);
    expect(b).toEqual(a);
    expect(b.out).toContain(`endstate · ${runIds[0]}`);
  });

  it('show prints the same trial', () => {
    const { sqlite: a, postgres: b } = onBoth(['show', 'refund-8842', '2', '--run', runIds[1]!]);
    expect(a.code).toBe(0);
    expect(b).toEqual(a);
  });

  it('compare prints the same comparison', () => {
    const { sqlite: a, postgres: b } = onBoth(['compare', runIds[0]!, runIds[1]!]);
    expect(a.code).toBe(0);
    expect(b).toEqual(a);
  });

  it('labels export prints the same failed trials', () => {
    const { sqlite: a, postgres: b } = onBoth(['labels', 'export', runIds[1]!]);
    expect(a.code).toBe(0);
    expect(a.out).toContain('"run_id"');
    expect(b).toEqual(a);
  });

  it('plan --from takes the same inputs from the pilot run', () => {
    const { sqlite: a, postgres: b } = onBoth(['plan', '--from', runIds[0]!, '--delta', '0.1']);
    expect(a.code).toBe(0);
    expect(a.out).toContain(`pilot run ${runIds[0]}`);
    expect(b).toEqual(a);
  });

  it('labels import keeps labels beside the PostgreSQL store, and its report counts them', () => {
    const exported = runCli(['labels', 'export', runIds[1]!, '--store', postgres], cwd);
    const lines = exported.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const labelled = lines.map((line) => ({ ...line, label: line.proposed_label }));
    writeFileSync(join(cwd, 'ana.jsonl'), labelled.map((line) => JSON.stringify(line)).join('\n'));
    const { sqlite: importedA, postgres: importedB } = onBoth([
      'labels',
      'import',
      'ana.jsonl',
      '--labeller',
      'ana',
    ]);
    expect(importedB.code).toBe(0);
    expect(importedB.out).toContain(`imported ${lines.length} label(s)`);
    expect(importedB.out).toContain(
      join(cwd, '.endstate', `postgres-${parsePostgresUrl(postgres).name}`, 'failure-labels.jsonl'),
    );
    expect(importedA.code).toBe(0);
    const { sqlite: a, postgres: b } = onBoth(['report', runIds[1]!]);
    expect(b.out).toMatch(/label +proposed +ana/);
    expect(b).toEqual(a);
  });

  it('view serves the same report page', async () => {
    const [a, b] = [await viewPage(runIds[0]!, sqlite), await viewPage(runIds[0]!, postgres)];
    expect(a.status).toBe(200);
    expect(a.body).toContain('id="endstate-summary"');
    expect(b).toEqual(a);
  });

  it('regrade stores a regraded run in the PostgreSQL store, with the same scorecard', async () => {
    const { sqlite: a, postgres: b } = onBoth(['regrade', runIds[0]!]);
    expect(a.code).toBe(0);
    expect(b).toEqual(a);
    const store = await openStore(postgres, cwd, { existing: true });
    try {
      const latest = await store.latestRun();
      expect(latest?.regraded_from).toBe(runIds[0]);
      expect((await store.verifyRun(latest!.run_id))?.status).toBe('sealed');
    } finally {
      await store.close();
    }
  });

  it('report refuses a run whose trial record was changed in the database (E_TAMPERED, exit 2)', async () => {
    const url = newStoreUrl();
    await copyRuns(sqlite, url, [runIds[0]!]);
    const schema = url.split('schema=')[1]!;
    expect(runCli(['report', runIds[0]!, '--store', url], cwd).code).not.toBe(2);
    const changed = await admin.query(
      `UPDATE ${schema}.trials SET record = jsonb_set(record::jsonb, '{success}', to_jsonb(NOT (record::jsonb->>'success')::boolean))::text
       WHERE (task_id, attempt, rerun) = (SELECT task_id, attempt, rerun FROM ${schema}.trials ORDER BY task_id, attempt, rerun LIMIT 1)`,
    );
    expect(changed.rowCount).toBe(1);
    const result = runCli(['report', runIds[0]!, '--store', url], cwd);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('E_TAMPERED');
  });

  it('report latest, show and view name a run deleted whole with SQL as gone (E_TAMPERED, exit 2), never falling back to the run before it', async () => {
    const url = newStoreUrl();
    // The two runs made for this file (the SQLite store holds regraded ones too by now).
    await copyRuns(sqlite, url, runIds);
    const schema = url.split('schema=')[1]!;
    const [older, newer] = runIds as [string, string];
    await admin.query(`DELETE FROM ${schema}.trials WHERE run_id = $1`, [newer]);
    const deleted = await admin.query(`DELETE FROM ${schema}.runs WHERE run_id = $1`, [newer]);
    expect(deleted.rowCount).toBe(1);
    for (const args of [
      ['report', 'latest'],
      ['show', 'refund-8842', '1'],
      ['view', 'latest'],
    ]) {
      const result = runCli([...args, '--store', url], cwd);
      expect({ args, code: result.code }).toEqual({ args, code: 2 });
      expect(result.stderr).toContain(
        `error E_TAMPERED: "latest" is run ${newer}, which was in this store and is gone (removed outside endstate;`,
      );
      expect(result.stdout).not.toContain(`endstate · ${older}`);
    }
    const other = runCli(['report', older, '--store', url], cwd);
    expect(other.code).not.toBe(2);
    expect(other.stderr).toContain(`warning: run ${newer} was in this store and is gone`);
  });

  it('refuses a schema holding no store, memory:, and a server that does not answer (exit 2)', () => {
    const empty = runCli(['report', '--store', `${POSTGRES_URL}?schema=endstate_test_none`], cwd);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('E_STORE: no result store at');
    const memory = runCli(['show', 'refund-8842', '--store', 'memory:'], cwd);
    expect(memory.code).toBe(2);
    expect(memory.stderr).toContain('--store memory: holds no runs to read');
    const down = runCli(
      ['compare', 'latest~1', 'latest', '--store', 'postgres://u@127.0.0.1:1/x'],
      cwd,
    );
    expect(down.code).toBe(2);
    expect(down.stderr).toContain('E_STORE');
    expect(down.stderr).toContain('127.0.0.1:1');
  });
});
