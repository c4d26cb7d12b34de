import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, describe, expect, it } from 'vitest';
import { isEndstateError } from '../core/index.js';
import { openSqliteStore } from '../store/index.js';
import type { CliIo } from './cli-io.js';
import { mcpCommand } from './mcp-command.js';

const importModule = (url: string): Promise<unknown> => import(url);

function testIo(): CliIo & { readonly stdout: string[]; readonly stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return {
    cwd: process.cwd(),
    env: {},
    isTty: false,
    stdout,
    stderr,
    out: (text) => void stdout.push(text),
    err: (text) => void stderr.push(text),
  };
}

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function tempStore(): string {
  const folder = mkdtempSync(join(tmpdir(), 'endstate-mcp-command-'));
  folders.push(folder);
  return join(folder, 'endstate.db');
}

const urlIn = (lines: readonly string[]): string | undefined =>
  /http:\/\/127\.0\.0\.1:\d+\/mcp\/[\w-]+/.exec(lines.join(''))?.[0];

describe('mcpCommand', () => {
  it('serves one trial over HTTP to an SDK client, then grades and stores it', async () => {
    const store = tempStore();
    const io = testIo();
    const running = mcpCommand(
      'examples/support',
      { task: 'refund-8842', seed: 0, http: 0, store },
      io,
      { importModule },
    );
    await expect.poll(() => urlIn(io.stderr), { timeout: 10_000 }).toBeDefined();
    const url = urlIn(io.stderr)!;

    const client = new Client({ name: 'command-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    expect(client.getInstructions()).toContain('The user says: Hi, this is Ana Souza');
    const call = (name: string, args: Record<string, unknown>) =>
      client.callTool({ name, arguments: args });
    await call('check_eligibility', { order_id: '8842' });
    await call('calculate_refund', { order_id: '8842' });
    await call('send_message_to_user', {
      text: 'A refund of $42.99 for order 8842. Shall I proceed?',
    });
    await call('process_refund', { order_id: '8842', amount_cents: 4299 });
    await call('send_email', {
      to: 'ana@example.com',
      subject: 'Refund for order 8842',
      body: 'We refunded $42.99 for order 8842.',
    });
    await call('finish', { final_answer: 'Order 8842 is refunded: $42.99.' });
    await client.close();

    await expect(running).resolves.toBe(0);
    expect(io.stdout).toEqual([]);
    expect(io.stderr.join('')).toContain('refund-8842: success (success, exit finished)');
    const stored = openSqliteStore(store);
    try {
      const run = await stored.latestRun();
      expect(run).toMatchObject({ status: 'finished', system: { agent: { kind: 'mcp-server' } } });
      const trials = await stored.listTrials(run!.run_id);
      expect(trials).toHaveLength(1);
      expect(trials[0]).toMatchObject({
        task_id: 'refund-8842',
        success: true,
        final_answer: 'Order 8842 is refunded: $42.99.',
      });
    } finally {
      await stored.close();
    }
  });

  it('names the task ids when the task is unknown', async () => {
    const store = tempStore();
    const error: unknown = await mcpCommand(
      'examples/support',
      { task: 'refund-0000', seed: 0, http: 0, store },
      testIo(),
      { importModule },
    ).catch((caught: unknown) => caught);
    expect(isEndstateError(error) && error.code).toBe('E_USAGE');
    expect((error as Error).message).toMatch(/no task "refund-0000"[\s\S]*refund-8842/);
  });
});
