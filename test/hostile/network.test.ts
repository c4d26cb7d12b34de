import { createServer } from 'node:net';
import type { AddressInfo, Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO, runCli } from '../e2e/run-cli.js';
import { answerOf, runHostile } from './run-hostile.js';
import { SANDBOX_SKIP_TITLE, sandboxForTests } from '../e2e/bubblewrap.js';

const SANDBOX = sandboxForTests();
it.skipIf(SANDBOX)(SANDBOX_SKIP_TITLE, () => {});

const SLOW_MS = 120_000;
const AGENT = join(REPO, 'test', 'fixtures', 'hostile', 'net-agent.mjs');
const PROBE = join(REPO, 'test', 'fixtures', 'hostile', 'escape-agent.mjs');

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
        const { trial, sandbox } = await runHostile(`node ${PROBE} 5432 6379 ${port}`, []);
        const results = answerOf(trial);
        expect(sandbox).toMatchObject({ network: 'relay', allow_hosts: [] });
        expect(results['connect:5432']).toBe('ECONNREFUSED');
        expect(results['connect:6379']).toBe('ECONNREFUSED');
        expect(results[`connect:${port}`]).toBe('ECONNREFUSED');
      },
    );

    it.runIf(SANDBOX)(
      'with --agent-network host the same agent reaches them (so the test above can fail), and the report says NETWORK UNISOLATED',
      async () => {
        const { trial, cwd } = await runHostile(`node ${PROBE} 5432 6379 ${port}`, [
          '--agent-network',
          'host',
        ]);
        const results = answerOf(trial);
        expect(results['connect:5432']).toBe('ok');
        expect(results['connect:6379']).toBe('ok');
        expect(results[`connect:${port}`]).toBe('ok');
        expect(runCli(['report', 'latest'], cwd).stdout).toContain('NETWORK UNISOLATED');
      },
    );

    it.runIf(SANDBOX)(
      'lets through only the named host:port, and records every connection, refused or not',
      async () => {
        const { trial, cwd } = await runHostile(
          `node ${AGENT} direct:127.0.0.1:${port} proxy:127.0.0.1:6379 proxy:127.0.0.1:5432 direct:127.0.0.1:6379`,
          ['--agent-allow-host', `127.0.0.1:${port}`],
        );
        const results = answerOf(trial);
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
