import { createServer } from 'node:net';
import type { AddressInfo, Server } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO, copyExample, runCli, runCliAsync } from '../e2e/run-cli.js';
import { SANDBOX_SKIP_TITLE, sandboxForTests } from '../e2e/bubblewrap.js';

const SANDBOX = sandboxForTests();
it.skipIf(SANDBOX)(SANDBOX_SKIP_TITLE, () => {});

const SLOW_MS = 120_000;
const AGENT = join(REPO, 'test', 'fixtures', 'hostile', 'net-agent.mjs');
const PROBE = join(REPO, 'test', 'fixtures', 'hostile', 'escape-agent.mjs');

interface Trial {
  final_answer: string | null;
  events: { kind: string; host?: string; port?: number; allowed?: boolean; reason?: string }[];
}

async function run(command: string, extra: readonly string[]) {
  const cwd = copyExample('support');
  const result = await runCliAsync(
    [
      'run',
      join(cwd, 'support'),
      '--tasks',
      'refund-8842',
      '--agent',
      'command',
      '--command',
      command,
      '--json',
      'out.json',
      ...extra,
    ],
    cwd,
  );
  expect(result.stderr).not.toContain('error E_');
  const out = JSON.parse(readFileSync(join(cwd, 'out.json'), 'utf8')) as {
    trials: Trial[];
    run: { system: { sandbox: { network: string; allow_hosts?: string[] } } };
  };
  const trial = out.trials[0]!;
  return {
    cwd,
    out,
    trial,
    results: JSON.parse(trial.final_answer ?? '{}') as Record<string, string>,
  };
}

/** A service on the host's loopback that answers "pong": what a harness's port or a database looks like. */
let service: Server;
let port = 0;
beforeAll(async () => {
  service = createServer((socket) => socket.on('data', () => socket.end('pong\n')));
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  port = (service.address() as AddressInfo).port;
});
afterAll(() => service.close());

describe.runIf(process.platform === 'linux')(
  'hostile agents: the network',
  { timeout: SLOW_MS },
  () => {
    it.runIf(SANDBOX)(
      'by default reaches neither PostgreSQL, Redis nor a harness port on the host',
      async () => {
        const { results, out } = await run(`node ${PROBE} 5432 6379 ${port}`, []);
        expect(out.run.system.sandbox).toMatchObject({ network: 'relay', allow_hosts: [] });
        expect(results['connect:5432']).toBe('ECONNREFUSED');
        expect(results['connect:6379']).toBe('ECONNREFUSED');
        expect(results[`connect:${port}`]).toBe('ECONNREFUSED');
      },
    );

    it.runIf(SANDBOX)(
      'with --agent-network host the same agent reaches them (so the test above can fail), and the report says NETWORK UNISOLATED',
      async () => {
        const { results, cwd } = await run(`node ${PROBE} 5432 6379 ${port}`, [
          '--agent-network',
          'host',
        ]);
        expect(results['connect:5432']).toBe('ok');
        expect(results['connect:6379']).toBe('ok');
        expect(results[`connect:${port}`]).toBe('ok');
        expect(runCli(['report', 'latest'], cwd).stdout).toContain('NETWORK UNISOLATED');
      },
    );

    it.runIf(SANDBOX)(
      'lets through only the named host:port, and records every connection, refused or not',
      async () => {
        const { results, trial, cwd } = await run(
          `node ${AGENT} direct:127.0.0.1:${port} proxy:127.0.0.1:6379 proxy:127.0.0.1:5432 direct:127.0.0.1:6379`,
          ['--agent-allow-host', `127.0.0.1:${port}`],
        );
        expect(results[`direct:127.0.0.1:${port}`]).toBe('pong');
        expect(results['proxy:127.0.0.1:6379']).toMatch(/^HTTP\/1\.1 403 Forbidden/);
        expect(results['proxy:127.0.0.1:5432']).toMatch(/^HTTP\/1\.1 403 Forbidden/);
        expect(results['direct:127.0.0.1:6379']).toBe('ECONNREFUSED');
        const connections = trial.events.filter((event) => event.kind === 'connection');
        expect(connections).toEqual([
          expect.objectContaining({ host: '127.0.0.1', port, allowed: true }),
          expect.objectContaining({ host: '127.0.0.1', port: 6379, allowed: false }),
          expect.objectContaining({ host: '127.0.0.1', port: 5432, allowed: false }),
        ]);
        const report = runCli(['report', 'latest'], cwd).stdout;
        expect(report).toContain("1 connection(s) let through the agent's relays, 2 refused");
        const show = runCli(['show', 'refund-8842', '1'], cwd).stdout;
        expect(show).toMatch(
          /connection refused 127\.0\.0\.1:6379 \(proxy\): .*not an allowed host/,
        );
      },
    );
  },
);
