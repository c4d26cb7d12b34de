import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { describe, expect, it } from 'vitest';
import { REPO, example, runCli, runCliHere, tempFolder } from './run-cli.js';
import { SANDBOX_SKIP_TITLE, sandboxForTests } from './bubblewrap.js';

const SANDBOX = sandboxForTests();
// Said in the test summary, not only counted among the skipped tests.
it.skipIf(SANDBOX)(SANDBOX_SKIP_TITLE, () => {});

interface StoredTrial {
  readonly success: boolean;
  readonly task_id: string;
  readonly final_answer: string | null;
  readonly events: readonly { readonly kind: string; readonly tool?: string }[];
}

async function stored(
  cwd: string,
): Promise<{ run: { system: { agent: unknown } }; trials: StoredTrial[] }> {
  expect((await runCliHere(['report', 'latest', '--json', 'out.json'], cwd)).code).toBe(0);
  return JSON.parse(readFileSync(join(cwd, 'out.json'), 'utf8')) as Awaited<
    ReturnType<typeof stored>
  >;
}

/** `endstate mcp` started by an SDK client over stdio, as an MCP host would start it. */
async function connect(cwd: string) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [join(REPO, 'bin/endstate.js'), 'mcp', example('support'), '--task', 'refund-8842'],
    cwd,
    stderr: 'pipe',
  });
  const output = { stderr: '' };
  transport.stderr?.on('data', (chunk: Buffer) => (output.stderr += chunk.toString()));
  const client = new Client({ name: 'e2e-client', version: '1.0.0' });
  await client.connect(transport);
  const exited = new Promise<void>((resolve) => (transport.onclose = resolve));
  return { client, exited, output };
}

describe('endstate mcp', () => {
  it('serves one trial over stdio to an SDK client, then grades and stores it', async () => {
    const cwd = tempFolder();
    const { client, exited, output } = await connect(cwd);

    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      'search_orders',
      'get_order',
      'check_eligibility',
      'calculate_refund',
      'process_refund',
      'send_email',
      'refresh_session',
      'send_message_to_user',
      'finish',
    ]);
    const refund = tools.find((tool) => tool.name === 'process_refund')!;
    expect(refund.inputSchema).toMatchObject({
      type: 'object',
      properties: { order_id: { type: 'string' }, amount_cents: { type: 'integer' } },
      required: expect.arrayContaining(['order_id', 'amount_cents']),
    });
    expect(client.getInstructions()).toContain('refund');

    const call = async (name: string, args: Record<string, unknown>) => {
      const result = await client.callTool({ name, arguments: args });
      expect(result.isError ?? false).toBe(false);
      return result;
    };
    await call('check_eligibility', { order_id: '8842' });
    const reply = await call('send_message_to_user', {
      text: 'Order 8842 can be refunded in full ($42.99). Shall I go ahead?',
    });
    expect(JSON.stringify(reply.content)).toContain('go ahead');
    await call('process_refund', { order_id: '8842', amount_cents: 4299 });
    await call('send_email', {
      to: 'ana@example.com',
      subject: 'Refund for order 8842',
      body: 'We refunded $42.99 for order 8842.',
    });
    await call('finish', { final_answer: 'Done: $42.99 refunded for order 8842.' });
    await client.close();
    await exited;

    expect(output.stderr).toContain('refund-8842: success');
    const { trials, run } = await stored(cwd);
    expect(run.system.agent).toMatchObject({ kind: 'mcp-server', name: 'stdio' });
    expect(trials).toHaveLength(1);
    expect(trials[0]).toMatchObject({ task_id: 'refund-8842', success: true });
    expect(
      trials[0]!.events.flatMap((event) => (event.kind === 'tool_call' ? [event.tool] : [])),
    ).toEqual(['check_eligibility', 'process_refund', 'send_email']);
  });

  it('grades a client that leaves without finishing as a failure, not an error', async () => {
    const cwd = tempFolder();
    const { client, exited } = await connect(cwd);
    await client.close();
    await exited;
    const { trials } = await stored(cwd);
    expect(trials[0]).toMatchObject({ success: false, final_answer: null });
  });
});

describe('endstate run --agent mcp', () => {
  it.runIf(SANDBOX)(
    'runs the example MCP client per trial and completes the refund tasks',
    async () => {
      const cwd = tempFolder();
      const client = join(REPO, 'examples/agents/mcp-refund-client.mjs');
      const result = runCli(
        [
          'run',
          example('support'),
          '--tasks',
          '{refund-8842,refund-8851-excludes-shipping}',
          '--trials',
          '2',
          '--agent',
          'mcp',
          '--command',
          `node ${client}`,
        ],
        cwd,
      );
      expect(result.stderr).not.toContain('Error');
      expect(result.code).toBe(0);
      const { trials, run } = await stored(cwd);
      expect(run.system.agent).toMatchObject({
        kind: 'mcp',
        options: { command: ['node', client] },
      });
      expect(trials).toHaveLength(4);
      expect(trials.every((trial) => trial.success)).toBe(true);
    },
  );

  it('needs --command, exit 2', async () => {
    const result = await runCliHere(['run', example('support'), '--agent', 'mcp'], tempFolder());
    expect(result).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--agent mcp needs --command'),
    });
  });
});
