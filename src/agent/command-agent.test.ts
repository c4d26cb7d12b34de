import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrialRecord } from '../schema/index.js';
import { constraintChecks } from '../schema/index.js';
import { loadSuite } from '../task/index.js';
import type { Suite, Task } from '../task/index.js';
import { runTrial } from '../trial/index.js';
import type { UserFactory } from '../user/index.js';
import type { Agent } from './agent.js';
import { createCommandAgent } from './command-agent.js';

let suite: Suite;
let refundTask: Task;
let folder: string;

beforeAll(async () => {
  suite = await loadSuite('examples/support', { importModule: (url) => import(url) });
  const found = suite.tasks.find((task) => task.id === 'refund-8842');
  if (found === undefined) throw new Error('examples/support has no task refund-8842');
  refundTask = found;
  folder = mkdtempSync(join(tmpdir(), 'endstate-command-agent-'));
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

function trial(
  agent: Agent,
  limits: Partial<Task['spec']['limits']> = {},
  users?: UserFactory,
): Promise<TrialRecord> {
  const task = {
    ...refundTask,
    spec: { ...refundTask.spec, limits: { ...refundTask.spec.limits, ...limits } },
  };
  return runTrial({
    task,
    environment: suite.environment,
    agent,
    seed: 7,
    attempt: 1,
    rerun: 0,
    runId: 'run-test',
    suiteHash: suite.hash,
    systemHash: 'system',
    ...(users === undefined ? {} : { users }),
  });
}

/** The few lines every test script starts with: send and receive JSON lines. */
const PRELUDE = `
import { createInterface } from 'node:readline';
const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
const receive = async () => JSON.parse((await lines.next()).value);
const send = (message) => process.stdout.write(JSON.stringify(message) + '\\n');
`;

let scripts = 0;

/** Writes a tiny agent program to the temp folder; the command agent runs it with node. */
function scriptAgent(source: string): Agent {
  const file = join(folder, `agent-${++scripts}.mjs`);
  writeFileSync(file, PRELUDE + source);
  return createCommandAgent({ command: [process.execPath, file] });
}

function noteText(record: TrialRecord, prefix: string): string {
  const note = record.events.find(
    (event) => event.kind === 'note' && event.text.startsWith(prefix),
  );
  if (note?.kind !== 'note') throw new Error(`no note starting with "${prefix}"`);
  return note.text.slice(prefix.length);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function isGoneWithin(pid: number, ms: number): Promise<boolean> {
  for (let waited = 0; waited < ms; waited += 20) {
    if (!isRunning(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return !isRunning(pid);
}

describe('createCommandAgent', () => {
  it('describes the command in its spec and does not read the reference', () => {
    const agent = createCommandAgent({ command: ['python3', '/agents/refund.py', '--fast'] });
    expect(agent.spec).toEqual({
      kind: 'command',
      name: 'refund.py',
      version: '1',
      options: { command: ['python3', '/agents/refund.py', '--fast'] },
    });
    expect(agent.readsReference).toBe(false);
    expect(createCommandAgent({ command: ['x'], name: 'mine' }).spec.name).toBe('mine');
  });

  it('refuses an empty command', () => {
    expect(() => createCommandAgent({ command: [] })).toThrow(/needs a program to run/);
  });

  it('runs the example refund agent through refund-8842 to success', async () => {
    const record = await trial(
      createCommandAgent({ command: [process.execPath, 'examples/agents/refund-agent.mjs'] }),
    );
    expect(record).toMatchObject({ exit_reason: 'finished', success: true, error: null });
    expect(constraintChecks(record).every((check) => check.pass)).toBe(true);
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
    expect(record.final_answer).toContain('$42.99');
    expect(noteText(record, 'refund-agent: ')).toBe('working on order 8842');
  });

  it('starts with the public task view, the tools, the trial and the budget', async () => {
    const record = await trial(
      scriptAgent(`
        send({ type: 'note', text: 'start ' + JSON.stringify(await receive()) });
        send({ type: 'final', text: null });
      `),
    );
    const start = JSON.parse(noteText(record, 'start ')) as Record<string, unknown>;
    expect(Object.keys(start).sort()).toEqual([
      'budget',
      'caps',
      'protocol',
      'task',
      'tools',
      'trial',
      'type',
    ]);
    expect(start).toMatchObject({
      type: 'start',
      protocol: 'endstate-command/1',
      task: {
        task_id: 'refund-8842',
        environment: 'support',
        instruction: expect.stringContaining('order 8842'),
        now: '2026-10-05T09:00:00.000Z',
      },
      trial: { task_id: 'refund-8842', attempt: 1, rerun: 0, seed: 7 },
      budget: { maxSteps: refundTask.spec.limits.max_steps, stepsUsed: 0, maxTokens: null },
      caps: {
        maxMessageBytes: 1_048_576,
        maxToolArgsBytes: 1_048_576,
        maxLineBytes: 4_194_304,
        maxEvents: 10_000,
        maxNotes: 1000,
      },
    });
    for (const hidden of ['expect', 'reference', 'known_bad', 'user', 'constraints']) {
      expect(start.task).not.toHaveProperty(hidden);
    }
    expect(start.tools).toContainEqual(
      expect.objectContaining({ name: 'process_refund', effect: 'irreversible' }),
    );
    expect(record).toMatchObject({ exit_reason: 'finished', final_answer: null });
  });

  it('answers tool errors as data and forwards usage with defaults', async () => {
    const record = await trial(
      scriptAgent(`
        await receive();
        send({ type: 'usage', model: 'test:model', input_tokens: 12 });
        send({ type: 'tool_call', id: 'a', tool: 'get_order', args: { order_id: '1' } });
        send({ type: 'final', text: JSON.stringify(await receive()) });
      `),
    );
    expect(JSON.parse(record.final_answer ?? '')).toMatchObject({
      type: 'tool_result',
      id: 'a',
      ok: false,
      error: { code: 'order_not_found' },
    });
    expect(record.events).toContainEqual({
      t_ms: expect.any(Number),
      kind: 'usage',
      role: 'agent',
      model: 'test:model',
      input_tokens: 12,
      output_tokens: 0,
      cached_input_tokens: 0,
      cost_usd: 0,
      wait_ms: 0,
      retries: 0,
    });
    expect(record.usage).toMatchObject({ model_calls: 1, input_tokens: 12, tool_calls: 1 });
  });

  it('fails with the line number and the line when the program writes something not JSON', async () => {
    const record = await trial(
      scriptAgent(`
        await receive();
        send({ type: 'note', text: 'thinking' });
        process.stdout.write('Looking up the order...\\n');
        await new Promise((resolve) => setTimeout(resolve, 10_000));
      `),
    );
    expect(record.exit_reason).toBe('agent_error');
    expect(record.error).toMatch(/^agent error: line 2 of the program's stdout is not JSON \(/);
    expect(record.error).toMatch(/\. Line 2: Looking up the order\.\.\.$/);
  });

  it('fails a tool_call without a tool name', async () => {
    const record = await trial(
      scriptAgent(`
        await receive();
        send({ type: 'tool_call', id: '1', args: { order_id: '8842' } });
        await receive();
      `),
    );
    expect(record.exit_reason).toBe('agent_error');
    expect(record.error).toContain(
      "line 1 of the program's stdout is not a valid tool_call message (tool: ",
    );
  });

  it('fails a message of an unknown type', async () => {
    const record = await trial(
      scriptAgent(`send({ type: 'answer', text: 'hi' }); await receive();`),
    );
    expect(record.error).toContain('"type" is one of tool_call, say, usage, note, final');
  });

  it('records the confidence sent with final on the final agent event', async () => {
    const record = await trial(
      scriptAgent(`await receive(); send({ type: 'final', text: 'done', confidence: 0.85 });`),
    );
    expect(record.events.filter((event) => event.kind === 'agent')).toEqual([
      expect.objectContaining({ text: 'done', final: true, confidence: 0.85 }),
    ]);
  });

  it('fails a final message whose confidence is outside [0, 1]', async () => {
    const record = await trial(
      scriptAgent(`await receive(); send({ type: 'final', text: 'done', confidence: 1.5 });`),
    );
    expect(record.exit_reason).toBe('agent_error');
    expect(record.error).toContain('not a valid final message');
  });

  it('fails with the exit code and the end of stderr when the program exits before final', async () => {
    const record = await trial(
      scriptAgent(`
        await receive();
        process.stderr.write('Traceback: KeyError: amount\\n');
        process.exit(3);
      `),
    );
    expect(record.exit_reason).toBe('agent_error');
    expect(record.error).toBe(
      'agent error: the program exited with exit code 3 before sending a final message; ' +
        'its stderr ends with:\nTraceback: KeyError: amount\n',
    );
    expect(noteText(record, 'command agent stderr (last 2 KB):\n')).toBe(
      'Traceback: KeyError: amount\n',
    );
  });

  it('ends a program that ignores everything when the trial times out', async () => {
    const record = await trial(
      scriptAgent(`
        process.on('SIGTERM', () => {});
        send({ type: 'note', text: 'pid ' + process.pid });
        setInterval(() => {}, 1000);
      `),
      { timeout_s: 0.5 },
    );
    expect(record.exit_reason).toBe('timeout');
    const pid = Number(noteText(record, 'pid '));
    // SIGTERM is ignored, so it takes the SIGKILL a second later.
    expect(await isGoneWithin(pid, 3000)).toBe(true);
  });

  it('tells the program why the trial stopped and waits for it to end', async () => {
    const stopFile = join(folder, 'stop.json');
    const record = await trial(
      scriptAgent(`
        import { writeFileSync } from 'node:fs';
        process.on('SIGTERM', () => {});
        await receive();
        for (let n = 1; ; n++) {
          send({ type: 'tool_call', id: String(n), tool: 'get_order', args: { order_id: String(n) } });
          const answer = await receive();
          if (answer.type === 'stop') {
            writeFileSync(${JSON.stringify(stopFile)}, JSON.stringify(answer));
            process.exit(0);
          }
        }
      `),
      { max_steps: 2 },
    );
    expect(record.exit_reason).toBe('max_steps');
    expect(existsSync(stopFile)).toBe(true);
    expect(JSON.parse(readFileSync(stopFile, 'utf8'))).toEqual({
      type: 'stop',
      reason: 'max_steps',
    });
  });

  it('answers a say with user_stop when the user leaves, then stops the program', async () => {
    const received = join(folder, 'received.jsonl');
    const leavingUser: UserFactory = () => ({
      kind: 'test',
      open: () => Promise.resolve('Refund order 8842, please.'),
      reply: () => Promise.resolve({ type: 'stop' }),
    });
    const record = await trial(
      scriptAgent(`
        import { appendFileSync } from 'node:fs';
        process.on('SIGTERM', () => {});
        await receive();
        send({ type: 'say', text: 'Shall I proceed?' });
        for (;;) {
          const message = await receive();
          appendFileSync(${JSON.stringify(received)}, JSON.stringify(message) + '\\n');
          if (message.type === 'stop') process.exit(0);
        }
      `),
      {},
      leavingUser,
    );
    expect(record.exit_reason).toBe('user_stop');
    expect(
      readFileSync(received, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as unknown),
    ).toEqual([{ type: 'user_stop' }, { type: 'stop', reason: 'user_stop' }]);
  });

  it('ends a program that does not exit after final', async () => {
    const record = await trial(
      scriptAgent(`
        await receive();
        send({ type: 'note', text: 'pid ' + process.pid });
        send({ type: 'final', text: 'bye' });
        setInterval(() => {}, 1000);
      `),
    );
    expect(record).toMatchObject({ exit_reason: 'finished', final_answer: 'bye' });
    expect(isRunning(Number(noteText(record, 'pid ')))).toBe(false);
    expect(noteText(record, 'command agent: after final, ')).toBe('was killed by SIGTERM');
  });

  it('fails when the program is not found', async () => {
    const record = await trial(createCommandAgent({ command: ['endstate-no-such-program', '-v'] }));
    expect(record.exit_reason).toBe('agent_error');
    expect(record.error).toContain('command not found: endstate-no-such-program');
  });
});

describe('size caps', () => {
  it('ends the trial as an agent error on a stdout line with no newline past max_line_bytes', async () => {
    const record = await trial(
      scriptAgent(`
        await receive();
        const chunk = 'x'.repeat(65536);
        for (;;) await new Promise((resolve) => process.stdout.write(chunk, resolve));
      `),
      { max_line_bytes: 256 * 1024 },
    );
    expect(record.exit_reason).toBe('agent_error');
    expect(record.terminal_reason).toBe('agent_failure');
    expect(record.error).toMatch(
      /line 1 of the program's stdout is longer than the cap of 262144 bytes \(limits\.max_line_bytes\)/,
    );
  });

  it('ends the trial at max_notes, keeping the notes before it', async () => {
    const record = await trial(
      scriptAgent(`
        await receive();
        for (let i = 0; ; i++)
          await new Promise((resolve) => process.stdout.write(JSON.stringify({ type: 'note', text: 'n' + i }) + '\\n', resolve));
      `),
      { max_notes: 50 },
    );
    expect(record.exit_reason).toBe('agent_error');
    expect(record.error).toBe('agent error: the agent sent more than 50 notes (limits.max_notes)');
    const notes = record.events.filter(
      (event) => event.kind === 'note' && /^n\d+$/.test(event.text),
    );
    expect(notes).toHaveLength(50);
  });

  it('ends the trial at max_events, whatever kind of event fills it', async () => {
    const record = await trial(
      scriptAgent(`
        await receive();
        for (;;)
          await new Promise((resolve) => process.stdout.write(JSON.stringify({ type: 'usage', model: 'm' }) + '\\n', resolve));
      `),
      { max_events: 40 },
    );
    expect(record.exit_reason).toBe('agent_error');
    expect(record.error).toMatch(/reached the cap of 40 events \(limits\.max_events\)/);
    expect(record.events.length).toBeLessThanOrEqual(42);
  });

  it('ends the trial on tool arguments over max_tool_args_bytes, before the tool runs', async () => {
    const record = await trial(
      scriptAgent(`
        await receive();
        send({ type: 'tool_call', id: 'c1', tool: 'get_order', args: { order_id: '8'.repeat(5000) } });
        await receive();
      `),
      { max_tool_args_bytes: 4096 },
    );
    expect(record.exit_reason).toBe('agent_error');
    expect(record.error).toBe(
      'agent error: the arguments of a get_order call are 5015 bytes of JSON, over the cap of 4096 bytes (limits.max_tool_args_bytes)',
    );
    expect(record.events.some((event) => event.kind === 'tool_call')).toBe(false);
  });

  it('ends the trial on a message to the user or a final answer over max_message_bytes', async () => {
    const said = await trial(
      scriptAgent(`
        await receive();
        send({ type: 'say', text: 'é'.repeat(3000) });
        await receive();
      `),
      { max_message_bytes: 4096 },
    );
    expect(said.error).toBe(
      'agent error: a message to the user of 6000 bytes is over the cap of 4096 bytes (limits.max_message_bytes)',
    );
    const final = await trial(
      scriptAgent(`
        await receive();
        send({ type: 'final', text: 'y'.repeat(5000) });
      `),
      { max_message_bytes: 4096 },
    );
    expect(final.exit_reason).toBe('agent_error');
    expect(final.final_answer).toBeNull();
    expect(final.error).toMatch(/the final answer of 5000 bytes is over the cap of 4096 bytes/);
  });
});
