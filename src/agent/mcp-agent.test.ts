import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TrialRecord } from '../schema/index.js';
import { loadSuite } from '../task/index.js';
import type { Suite, Task } from '../task/index.js';
import { runTrial } from '../trial/index.js';
import type { Agent } from './agent.js';
import { createMcpAgent } from './mcp-agent.js';

const EXAMPLE_CLIENT = 'examples/agents/mcp-refund-client.mjs';

let suite: Suite;
let task: Task;

beforeAll(async () => {
  suite = await loadSuite('examples/support', { importModule: (url) => import(url) });
  task = suite.tasks.find((candidate) => candidate.id === 'refund-8842')!;
});

function trial(agent: Agent, taskOverride: Task = task): Promise<TrialRecord> {
  return runTrial({
    task: taskOverride,
    environment: suite.environment,
    agent,
    seed: 5,
    attempt: 1,
    rerun: 0,
    runId: 'run-mcp',
    suiteHash: suite.hash,
    systemHash: 'system',
  });
}

/** Handles that keep this process busy: listening servers and child processes. */
function liveHandles(): { servers: number; processes: number } {
  const resources = process.getActiveResourcesInfo();
  return {
    servers: resources.filter((name) => name === 'TCPServerWrap').length,
    processes: resources.filter((name) => name === 'ProcessWrap').length,
  };
}

/** Child processes of this process whose command line contains `text` (Linux /proc). */
function childrenRunning(text: string): number[] {
  if (!existsSync('/proc/self/stat')) return [];
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        return parent === process.pid && command.includes(text) ? [Number(pid)] : [];
      } catch (error) {
        // The process ended while it was being read.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
    });
}

const node = (script: string): Agent =>
  createMcpAgent({ command: [process.execPath, '-e', script] });

describe('createMcpAgent', () => {
  it('runs the example MCP client to success on refund-8842 and leaves no process or server behind', async () => {
    const before = liveHandles();
    const agent = createMcpAgent({ command: [process.execPath, EXAMPLE_CLIENT] });
    const record = await trial(agent);
    expect(record).toMatchObject({
      success: true,
      error: null,
      final_answer: expect.stringContaining('$42.99'),
    });
    expect(
      record.events.flatMap((event) => (event.kind === 'tool_call' ? [event.tool] : [])),
    ).toEqual([
      'get_order',
      'check_eligibility',
      'calculate_refund',
      'process_refund',
      'send_email',
    ]);
    expect(agent.spec).toEqual({
      kind: 'mcp',
      name: 'mcp-refund-client.mjs',
      version: '1',
      options: { command: [process.execPath, EXAMPLE_CLIENT] },
    });
    expect(liveHandles()).toEqual(before);
    expect(childrenRunning(EXAMPLE_CLIENT)).toEqual([]);
  });

  it('gives the command the endpoint, a client config, the instruction and a policy file, removed afterwards', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'endstate-mcp-test-'));
    const seen = join(folder, 'seen.json');
    try {
      const agent = createMcpAgent({
        command: [
          process.execPath,
          '-e',
          `
          const fs = require('node:fs');
          const env = process.env;
          fs.writeFileSync(env.SEEN_FILE, JSON.stringify({
            url: env.ENDSTATE_MCP_URL,
            configFile: env.ENDSTATE_MCP_CONFIG,
            config: JSON.parse(fs.readFileSync(env.ENDSTATE_MCP_CONFIG, 'utf8')),
            instruction: env.ENDSTATE_TASK_INSTRUCTION,
            policyFile: env.ENDSTATE_POLICY_FILE,
            policy: fs.readFileSync(env.ENDSTATE_POLICY_FILE, 'utf8'),
          }));
          `,
        ],
        env: { SEEN_FILE: seen },
      });
      const record = await trial(agent);
      expect(record).toMatchObject({ exit_reason: 'finished', final_answer: null, error: null });
      expect(record.events).toContainEqual(
        expect.objectContaining({ text: 'the MCP agent command exited without calling finish' }),
      );
      const given = JSON.parse(readFileSync(seen, 'utf8')) as Record<string, string>;
      expect(given.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp\/[\w-]{43}$/);
      expect(given.config).toEqual({ mcpServers: { endstate: { type: 'http', url: given.url } } });
      expect(given.instruction).toBe(task.spec.user.instruction);
      expect(given.policy).toBe(suite.environment.policy);
      expect(existsSync(given.configFile!)).toBe(false);
      expect(existsSync(given.policyFile!)).toBe(false);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('records a command that exits 1 before finish as an agent error with its stderr', async () => {
    const record = await trial(node(`console.error('boom: no API key set'); process.exit(1);`));
    expect(record.exit_reason).toBe('agent_error');
    expect(record.error).toContain('exited with code 1 before calling finish');
    expect(record.error).toContain('boom: no API key set');
  });

  it('records a command that cannot be started as an agent error', async () => {
    const record = await trial(createMcpAgent({ command: ['/nonexistent/endstate-agent'] }));
    expect(record.exit_reason).toBe('agent_error');
    expect(record.error).toMatch(
      /could not start the MCP agent command "\/nonexistent\/endstate-agent": .*ENOENT/,
    );
  });

  it('stops a command that keeps running after finish, before the trial ends', async () => {
    const marker = 'endstate-test-lingering-agent';
    const agent = createMcpAgent({
      command: [
        process.execPath,
        '--input-type=module',
        '-e',
        `// ${marker}
        import { Client } from '@modelcontextprotocol/sdk/client/index.js';
        import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
        const client = new Client({ name: 'lingering', version: '1' });
        await client.connect(new StreamableHTTPClientTransport(new URL(process.env.ENDSTATE_MCP_URL)));
        await client.callTool({ name: 'finish', arguments: { final_answer: 'Bye.' } });
        setInterval(() => {}, 1000);`,
      ],
      exitGraceMs: 100,
    });
    const record = await trial(agent);
    expect(record).toMatchObject({ exit_reason: 'finished', final_answer: 'Bye.', error: null });
    expect(childrenRunning(marker)).toEqual([]);
  });

  it('ends with no final answer when the client deletes its session and exits 0 without finish', async () => {
    const agent = createMcpAgent({
      command: [
        process.execPath,
        '--input-type=module',
        '-e',
        `import { Client } from '@modelcontextprotocol/sdk/client/index.js';
        import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
        const transport = new StreamableHTTPClientTransport(new URL(process.env.ENDSTATE_MCP_URL));
        const client = new Client({ name: 'quitter', version: '1' });
        await client.connect(transport);
        await client.callTool({ name: 'get_order', arguments: { order_id: '8842' } });
        await transport.terminateSession();
        await client.close();`,
      ],
    });
    const record = await trial(agent);
    expect(record).toMatchObject({ exit_reason: 'finished', final_answer: null, error: null });
    expect(record.events.filter((event) => event.kind === 'tool_call')).toHaveLength(1);
  });

  it('kills a command that outlives its trial, even one that ignores SIGTERM', async () => {
    const marker = 'endstate-test-stubborn-agent';
    const short = {
      ...task,
      spec: { ...task.spec, limits: { ...task.spec.limits, timeout_s: 0.5 } },
    };
    const running = trial(
      node(`// ${marker}\nprocess.on('SIGTERM', () => {}); setInterval(() => {}, 1000);`),
      short,
    );
    await expect.poll(() => childrenRunning(marker)).toHaveLength(1);
    const record = await running;
    expect(record.exit_reason).toBe('timeout');
    // SIGTERM is ignored: SIGKILL follows 2 s later (the trial may or may not wait for it).
    await expect.poll(() => childrenRunning(marker), { timeout: 5000 }).toEqual([]);
  });
});

describe('request size cap', () => {
  const capped: () => Task = () => ({
    ...task,
    spec: { ...task.spec, limits: { ...task.spec.limits, max_line_bytes: 64 * 1024 } },
  });
  const post = (body: string) => `(async () => {
    const body = ${body};
    const response = await fetch(process.env.ENDSTATE_MCP_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body,
      duplex: 'half',
    });
    console.error('status', response.status);
    setInterval(() => undefined, 1000);
  })()`;

  it('refuses a body declared over the cap (413) and ends the trial as the agent error', async () => {
    const record = await trial(node(post(`'x'.repeat(300_000)`)), capped());
    expect(record.exit_reason).toBe('agent_error');
    expect(record.error).toBe(
      'agent error: an MCP request body of 300000 bytes is over the cap of 65536 bytes (limits.max_line_bytes)',
    );
  });

  it('refuses a streamed body once it passes the cap, without its length declared', async () => {
    const stream = `new ReadableStream({
      pull(controller) { controller.enqueue(new TextEncoder().encode('x'.repeat(16384))); },
    })`;
    const record = await trial(node(post(stream)), capped());
    expect(record.exit_reason).toBe('agent_error');
    expect(record.error).toBe(
      'agent error: an MCP request body is over the cap of 65536 bytes (limits.max_line_bytes)',
    );
  });
});
