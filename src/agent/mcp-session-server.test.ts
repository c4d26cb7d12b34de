import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { HARNESS_VERSION } from '../core/index.js';
import type { TrialRecord } from '../schema/index.js';
import { loadSuite } from '../task/index.js';
import type { Suite, Task } from '../task/index.js';
import { runTrial } from '../trial/index.js';
import { createMcpServerAgent } from './mcp-agent.js';
import { mcpInstructions } from './mcp-session-server.js';

let suite: Suite;
let task: Task;

beforeAll(async () => {
  suite = await loadSuite('examples/support', { importModule: (url) => import(url) });
  task = suite.tasks.find((candidate) => candidate.id === 'refund-8842')!;
});

/** Runs one real trial whose agent is `drive`, an SDK client talking to the served session in memory. */
async function trialDrivenBy(
  drive: (client: Client) => Promise<void>,
  taskOverride: Task = task,
): Promise<TrialRecord> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const agent = createMcpServerAgent({ name: 'in-memory', connect: () => serverSide });
  const record = runTrial({
    task: taskOverride,
    environment: suite.environment,
    agent,
    seed: 3,
    attempt: 1,
    rerun: 0,
    runId: 'run-mcp',
    suiteHash: suite.hash,
    systemHash: 'system',
  });
  const client = new Client({ name: 'test-client', version: '0.0.1' });
  await client.connect(clientSide);
  await drive(client);
  return record;
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

const textOf = (result: CallToolResult): string =>
  result.content.map((part) => (part.type === 'text' ? part.text : '')).join('');

async function refund8842(client: Client): Promise<void> {
  await call(client, 'get_order', { order_id: '8842' });
  await call(client, 'check_eligibility', { order_id: '8842' });
  const refund = await call(client, 'calculate_refund', { order_id: '8842' });
  expect(refund.structuredContent).toMatchObject({
    amount_cents: 4299,
    amount_formatted: '$42.99',
  });
  const reply = await call(client, 'send_message_to_user', {
    text: 'Order 8842 is eligible for a refund of $42.99. Shall I proceed?',
  });
  expect(textOf(reply)).toBe('Yes, please go ahead.');
  await call(client, 'process_refund', { order_id: '8842', amount_cents: 4299 });
  await call(client, 'send_email', {
    to: 'ana@example.com',
    subject: 'Your refund for order 8842',
    body: 'Hi Ana, we have refunded $42.99 for order 8842.',
  });
}

describe('serveSessionOverMcp', () => {
  it('lists every environment tool with its exact JSON Schema, then the two harness tools', async () => {
    let listed: Awaited<ReturnType<Client['listTools']>> | undefined;
    let instructions: string | undefined;
    let server: ReturnType<Client['getServerVersion']> | undefined;
    await trialDrivenBy(async (client) => {
      listed = await client.listTools();
      instructions = client.getInstructions();
      server = client.getServerVersion();
      await client.close();
    });
    expect(server).toEqual({ name: 'endstate', version: HARNESS_VERSION });
    const byName = new Map(listed!.tools.map((tool) => [tool.name, tool]));
    for (const descriptor of suite.environment.descriptors) {
      expect(byName.get(descriptor.name)).toMatchObject({
        description: descriptor.description,
        inputSchema: descriptor.input_schema,
      });
    }
    expect(listed!.tools.map((tool) => tool.name)).toEqual([
      ...suite.environment.descriptors.map((descriptor) => descriptor.name),
      'send_message_to_user',
      'finish',
    ]);
    expect(byName.get('process_refund')?.annotations).toEqual({
      readOnlyHint: false,
      destructiveHint: true,
    });
    expect(instructions).toContain(suite.environment.policy.trim());
    expect(instructions).toMatch(/\n\nThe user says: Hi, this is Ana Souza .*confirmation\.$/);
  });

  it('tells the client to answer through finish when nobody will reply', () => {
    const view = {
      task_id: 'quote',
      environment: 'support',
      policy: 'Be kind.\n',
      instruction: 'How much is the refund for order 8843?',
      conversation: 'single-turn',
      now: '2026-10-05T09:00:00.000Z',
    } as const;
    expect(mcpInstructions(view)).toMatchInlineSnapshot(`
      "Be kind.

      The current time is 2026-10-05T09:00:00.000Z. Nobody answers messages in this conversation: act on the request as it is, then call finish with your answer to the user.

      The user says: How much is the refund for order 8843?"
    `);
  });

  it('completes the refund through the dispatcher and ends with the final answer of finish', async () => {
    const record = await trialDrivenBy(async (client) => {
      await refund8842(client);
      const finished = await call(client, 'finish', {
        final_answer: 'Done: order 8842 has been refunded ($42.99) and you have an email.',
      });
      expect(finished.isError).toBeUndefined();
    });
    expect(record).toMatchObject({
      success: true,
      exit_reason: 'finished',
      final_answer: 'Done: order 8842 has been refunded ($42.99) and you have an email.',
      error: null,
    });
    const calls = record.events.flatMap((event) =>
      event.kind === 'tool_call' ? [event.tool] : [],
    );
    expect(calls).toEqual([
      'get_order',
      'check_eligibility',
      'calculate_refund',
      'process_refund',
      'send_email',
    ]);
    expect(record.events).toContainEqual(
      expect.objectContaining({ kind: 'note', text: 'MCP client connected: test-client 0.0.1' }),
    );
  });

  it('returns tool errors as isError with the error JSON, and records unknown tools', async () => {
    let missing: CallToolResult | undefined;
    let unknown: CallToolResult | undefined;
    const record = await trialDrivenBy(async (client) => {
      missing = await call(client, 'get_order', { order_id: '1' });
      unknown = await call(client, 'delete_everything', {});
      await call(client, 'finish');
    });
    expect(missing?.isError).toBe(true);
    expect(JSON.parse(textOf(missing!))).toMatchObject({ code: 'order_not_found' });
    expect(JSON.parse(textOf(unknown!))).toMatchObject({ code: 'unknown_tool' });
    expect(record.events).toContainEqual(
      expect.objectContaining({ kind: 'tool_call', tool: 'delete_everything' }),
    );
    expect(record.final_answer).toBeNull();
  });

  it('ends the trial with no final answer when the client disconnects without finish', async () => {
    const record = await trialDrivenBy(async (client) => {
      await call(client, 'get_order', { order_id: '8842' });
      await client.close();
    });
    expect(record).toMatchObject({ exit_reason: 'finished', final_answer: null, success: false });
  });

  it('closes the server when the trial stops, and answers calls made after it as errors', async () => {
    const tight = {
      ...task,
      spec: { ...task.spec, limits: { ...task.spec.limits, max_steps: 1 } },
    };
    let late: CallToolResult | undefined;
    const record = await trialDrivenBy(async (client) => {
      await call(client, 'get_order', { order_id: '8842' });
      late = await call(client, 'check_eligibility', { order_id: '8842' });
    }, tight);
    expect(record.exit_reason).toBe('max_steps');
    expect(late).toMatchObject({ isError: true });
    expect(textOf(late!)).toContain('trial stopped: max_steps');
  });
});
