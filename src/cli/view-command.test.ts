import Database from 'better-sqlite3';
import { mkdtempSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunRecord } from '../schema/index.js';
import { openSqliteStore } from '../store/index.js';
import { buildRunRecord, buildTrialRecord } from '../testing/index.js';
import type { CliIo } from './cli-io.js';
import { storeSpecOf } from './store-path.js';
import { startViewServer, viewCommand } from './view-command.js';
import type { ViewServer } from './view-command.js';

const runRecord = (runId: string, createdAt: string): RunRecord =>
  buildRunRecord(['t'], {
    run_id: runId,
    created_at: createdAt,
    finished_at: createdAt,
    seed: 1,
    max_reruns: 0,
  });

function captureIo(cwd: string): CliIo & { readonly output: string[] } {
  const output: string[] = [];
  return {
    cwd,
    env: {},
    isTty: false,
    output,
    out: (text) => void output.push(text),
    err: (text) => void output.push(text),
  };
}

let folder: string;
let storePath: string;
let server: ViewServer;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'endstate-view-'));
  storePath = join(folder, 'endstate.db');
  const store = openSqliteStore(storePath);
  for (const [runId, createdAt] of [
    ['run-old', '2026-11-29T00:00:00.000Z'],
    ['run-new', '2026-11-30T00:00:00.000Z'],
  ] as const) {
    await store.createRun(runRecord(runId, createdAt));
    for (const attempt of [1, 2]) {
      await store.putTrial({
        ...buildTrialRecord({ task_id: 't', attempt, success: attempt === 1 }),
        run_id: runId,
        trial_id: `${runId}/t/${attempt}.0`,
      });
    }
  }
  await store.close();
  server = await startViewServer({
    store: storeSpecOf(storePath, folder),
    port: 0,
    io: captureIo(folder),
  });
});

afterAll(async () => {
  await server?.close();
});

describe('startViewServer', () => {
  it('refuses a run changed outside endstate with 409, and marks it TAMPERED with acceptTampered', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'endstate-view-')), 'endstate.db');
    const store = openSqliteStore(path);
    await store.createRun(runRecord('run-forged', '2026-11-29T00:00:00.000Z'));
    await store.putTrial({
      ...buildTrialRecord({ task_id: 't', attempt: 1, success: false }),
      run_id: 'run-forged',
      trial_id: 'run-forged/t/1.0',
    });
    await store.finishRun('run-forged', 'finished', '2026-11-29T00:01:00.000Z');
    await store.close();
    const db = new Database(path);
    db.prepare(`UPDATE trials SET record = json_set(record, '$.success', json('true'))`).run();
    db.close();
    for (const acceptTampered of [false, true]) {
      const viewing = await startViewServer({
        store: storeSpecOf(path, folder),
        port: 0,
        io: captureIo(folder),
        acceptTampered,
      });
      try {
        const response = await fetch(new URL('/runs/run-forged', viewing.url));
        const text = await response.text();
        if (acceptTampered) {
          expect(response.status).toBe(200);
          expect(text).toContain('TAMPERED: run run-forged was changed outside endstate');
        } else {
          expect(response.status).toBe(409);
          expect(text).toContain(
            'run run-forged was changed outside endstate: t attempt 1 does not match its seal (changed outside endstate): success changed',
          );
        }
      } finally {
        await viewing.close();
      }
    }
  });

  it('listens on 127.0.0.1 on a free port', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  });

  it('lists the runs at /, newest first, each linking to its report', async () => {
    const response = await fetch(server.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    expect(html).toContain('<a href="/runs/run-new">run-new</a>');
    expect(html.indexOf('run-new')).toBeLessThan(html.indexOf('run-old'));
  });

  it("serves a run's HTML report at /runs/<id>, with its data and no network allowed", async () => {
    const response = await fetch(new URL('/runs/run-old', server.url));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await response.text();
    expect(html).toContain('<title>run-old · demo · endstate</title>');
    expect(html).toContain('id="endstate-summary"');
    expect(html).toContain('id="endstate-trials-0"');
  });

  it('serves the newest run at /runs/latest', async () => {
    const html = await (await fetch(new URL('/runs/latest', server.url))).text();
    expect(html).toContain('<title>run-new · demo · endstate</title>');
  });

  it('answers 404 for an unknown run or path and 405 for anything but GET and HEAD', async () => {
    const unknown = await fetch(new URL('/runs/nope', server.url));
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('no run "nope"');
    expect((await fetch(new URL('/elsewhere', server.url))).status).toBe(404);
    expect((await fetch(server.url, { method: 'POST' })).status).toBe(405);
  });

  it('gives the address of a stored run and refuses one it does not hold', async () => {
    expect(await server.runUrl('latest')).toBe(new URL('/runs/run-new', server.url).href);
    await expect(server.runUrl('nope')).rejects.toMatchObject({ code: 'E_RUN_NOT_FOUND' });
  });
});

/** A raw GET, so the test chooses the Host header and a path fetch would refuse. */
function rawGet(path: string, host?: string): Promise<{ status: number; body: string }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      { host: '127.0.0.1', port, path, headers: host === undefined ? {} : { host } },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    sent.on('error', reject);
    sent.end();
  });
}

describe('startViewServer on hostile requests', () => {
  it('refuses a Host that is not its own, as a rebound name would send', async () => {
    const { port } = new URL(server.url);
    expect((await rawGet('/runs/run-new', 'attacker.example')).status).toBe(403);
    expect((await rawGet('/runs/run-new', `attacker.example:${port}`)).status).toBe(403);
    expect((await rawGet('/runs/run-new', `localhost:${port}`)).status).toBe(200);
    expect((await rawGet('/runs/run-new', `127.0.0.1:${port}`)).status).toBe(200);
  });

  it('answers a malformed URL with 400 and no stack trace', async () => {
    const { port } = new URL(server.url);
    for (const path of ['/runs/%', '/runs/%E0%A4%A', '/%zz']) {
      const answer = await rawGet(path, `127.0.0.1:${port}`);
      expect(answer.status, path).toBe(400);
      expect(answer.body).not.toMatch(/at |Error/);
    }
  });
});

describe('viewCommand', () => {
  it('prints the address and the run, serves until stopped, then exits 0', async () => {
    const io = captureIo(folder);
    let seen: Response | undefined;
    const code = await viewCommand('latest', { store: storePath, port: 0 }, io, async () => {
      // Called before the address is printed (Ctrl-C is handled from then on): read it a tick later.
      await new Promise((resolve) => setImmediate(resolve));
      const url = /at (http:\S+)/.exec(io.output.join(''))?.[1];
      seen = await fetch(url ?? 'http://127.0.0.1:1/');
    });
    expect(code).toBe(0);
    expect(seen?.status).toBe(200);
    expect(io.output.join('')).toMatch(/run latest: http:\/\/127\.0\.0\.1:\d+\/runs\/run-new/);
  });

  it('refuses a folder without a store, saying how to make one', async () => {
    const io = captureIo(mkdtempSync(join(tmpdir(), 'endstate-view-empty-')));
    await expect(viewCommand(undefined, {}, io, () => Promise.resolve())).rejects.toMatchObject({
      code: 'E_STORE',
    });
  });
});
