import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LanguageModelV3CallOptions } from '@ai-sdk/provider';
import { MockLanguageModelV3 } from 'ai/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCommandAgent, createLlmAgent } from '../agent/index.js';
import type { Agent } from '../agent/index.js';
import { UNLIMITED_REQUESTS, createModelCaller } from '../model/index.js';
import type { DiagnosisMode, TrialRecord } from '../schema/index.js';
import { loadSuite } from '../task/index.js';
import type { PublicTaskView, Suite, Task } from '../task/index.js';
import { buildTask, shopEnvironment, shopRefundTask } from '../testing/index.js';
import { NO_USER_REPLY, STANDING_CONSENT } from '../user/index.js';
import { runTrial } from './run-trial.js';

const MODES: readonly DiagnosisMode[] = ['dialogue', 'no-user', 'oracle-plan'];

/** An agent that keeps what it was shown, asks the user once and ends. */
function capturingAgent(): Agent & { views: PublicTaskView[]; replies: string[] } {
  const views: PublicTaskView[] = [];
  const replies: string[] = [];
  return {
    spec: { kind: 'capture', name: 'capture', version: '1', options: {} },
    readsReference: false,
    views,
    replies,
    async run(session) {
      views.push(session.task);
      const reply = await session.sendToUser('Shall I proceed?');
      replies.push(reply.type === 'reply' ? reply.text : '(stop)');
      return { finalAnswer: 'ok' };
    },
  };
}

function play(task: Task, agent: Agent, mode: DiagnosisMode, suite?: Suite): Promise<TrialRecord> {
  return runTrial({
    task,
    environment: suite?.environment ?? shopEnvironment,
    agent,
    seed: 3,
    attempt: 1,
    rerun: 0,
    runId: 'run',
    suiteHash: suite?.hash ?? 'suite',
    systemHash: 'system',
    mode,
  });
}

const shopTask = buildTask(shopEnvironment, shopRefundTask);
/** Parts of the answer key: an expected change, a known-bad name and a known-bad argument. */
const ANSWER_KEY = ['orders/8842/status', 'KNOWN-BAD-wrong-order', '1500'];
const GOAL = 'SECRET-GOAL-refund-without-fuss';

describe('the public view in each mode (answer-key isolation)', () => {
  it('dialogue: the instruction alone, no goal, no plan, no answer key', async () => {
    const agent = capturingAgent();
    await play(shopTask, agent, 'dialogue');
    const view = agent.views[0]!;
    expect(view.instruction).toBe(shopRefundTask.user.instruction);
    expect(view.conversation).toBe('interactive');
    expect(view.plan).toBeUndefined();
    for (const hidden of [...ANSWER_KEY, GOAL, 'process_refund'])
      expect(JSON.stringify(view)).not.toContain(hidden);
    expect(agent.replies).toEqual(['Yes, please go ahead.']);
  });

  it('no-user: everything the user would reveal up front, the goal by design, never the answer key or the reference', async () => {
    const agent = capturingAgent();
    const record = await play(shopTask, agent, 'no-user');
    const view = agent.views[0]!;
    expect(view.conversation).toBe('single-turn');
    expect(view.plan).toBeUndefined();
    expect(view.instruction).toBe(
      [
        shopRefundTask.user.instruction,
        'Everything else I can tell you, up front, since no one will answer your messages:\n' +
          `- My goal: ${GOAL}\n` +
          '- If you ask about "proceed": Yes, please go ahead.',
        STANDING_CONSENT,
      ].join('\n\n'),
    );
    for (const hidden of [...ANSWER_KEY, 'process_refund', 'check_eligibility'])
      expect(JSON.stringify(view)).not.toContain(hidden);
    // Nobody answers: the agent gets the fixed reply, never a stop, and no script reply.
    expect(agent.replies).toEqual([NO_USER_REPLY]);
    expect(record.exit_reason).toBe('finished');
    expect(record.events.find((event) => event.kind === 'user')).toMatchObject({
      source: 'instruction',
      standing_consent: true,
    });
  });

  it('oracle-plan: the reference path as numbered steps in the view and the policy, never the goal or the answer key', async () => {
    const agent = capturingAgent();
    await play(shopTask, agent, 'oracle-plan');
    const view = agent.views[0]!;
    expect(view.plan).toBe(
      [
        '1. call get_order with {"order_id":"8842"}',
        '2. call check_eligibility with {"order_id":"8842"}',
        '3. tell the user: I can refund 42.99 for order 8842. Shall I proceed?',
        '4. call process_refund with {"amount_cents":4299,"order_id":"8842"}',
        '5. finish with an answer like: Done: 42.99 refunded for order 8842.',
      ].join('\n'),
    );
    expect(view.policy.startsWith(shopEnvironment.policy.trimEnd())).toBe(true);
    expect(view.policy).toContain(view.plan);
    expect(view.instruction).toBe(shopRefundTask.user.instruction);
    expect(view.conversation).toBe('interactive');
    for (const hidden of [...ANSWER_KEY, GOAL]) expect(JSON.stringify(view)).not.toContain(hidden);
  });
});

describe('every example task in every mode', () => {
  let suite: Suite;
  beforeAll(async () => {
    suite = await loadSuite('examples/support', { importModule: (url) => import(url) });
  });

  it('never shows a known-bad path or an expected change', async () => {
    for (const task of suite.tasks) {
      const hidden = [
        ...task.spec.known_bad.map((bad) => bad.name),
        ...task.spec.expect.changes.flatMap((change) => ('set' in change ? [change.set] : [])),
      ];
      for (const mode of MODES) {
        const agent = capturingAgent();
        await play(task, agent, mode, suite);
        const shown = JSON.stringify(agent.views[0]);
        for (const text of hidden) expect(shown, `${task.id} ${mode}: ${text}`).not.toContain(text);
      }
    }
  });
});

describe('what the agents receive', () => {
  let folder = '';
  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'endstate-modes-'));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  function llmAgent(prompts: LanguageModelV3CallOptions['prompt'][]): Agent {
    const model = new MockLanguageModelV3({
      doGenerate: (options) => {
        prompts.push(options.prompt);
        return Promise.resolve({
          content: [{ type: 'text', text: 'Done: 42.99 refunded for order 8842.' }],
          finishReason: { unified: 'stop', raw: undefined },
          usage: {
            inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
            outputTokens: { total: 5, text: 5, reasoning: 0 },
          },
          warnings: [],
        });
      },
    });
    const caller = createModelCaller({
      model: 'openai-compatible:fake',
      languageModel: model,
      price: { input: 0, output: 0 },
      limiter: UNLIMITED_REQUESTS,
      sleep: () => Promise.resolve(),
      random: () => 0.5,
      now: () => 0,
    });
    return createLlmAgent({
      caller,
      model: { provider: 'openai-compatible', id: 'fake' },
      decoding: {},
    });
  }

  it('the llm agent gets the plan in its system prompt, and the whole user spec with no one to answer', async () => {
    const planned: LanguageModelV3CallOptions['prompt'][] = [];
    await play(shopTask, llmAgent(planned), 'oracle-plan');
    expect(JSON.stringify(planned[0]![0])).toContain('1. call get_order with');

    const alone: LanguageModelV3CallOptions['prompt'][] = [];
    const record = await play(shopTask, llmAgent(alone), 'no-user');
    expect(JSON.stringify(alone[0]![1])).toContain(GOAL);
    // Single-turn: its first text reply is the final answer; nothing was sent to a user.
    expect(alone).toHaveLength(1);
    expect(record.final_answer).toBe('Done: 42.99 refunded for order 8842.');
    expect(record.events.filter((event) => event.kind === 'user')).toHaveLength(1);
  });

  it('the command agent gets the plan in its start message', async () => {
    const out = join(folder, 'start.json');
    const file = join(folder, 'agent.mjs');
    writeFileSync(
      file,
      `import { createInterface } from 'node:readline';
import { writeFileSync } from 'node:fs';
const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
const start = JSON.parse((await lines.next()).value);
writeFileSync(${JSON.stringify(out)}, JSON.stringify(start));
process.stdout.write(JSON.stringify({ type: 'final', text: 'ok' }) + '\\n');
`,
    );
    await play(shopTask, createCommandAgent({ command: [process.execPath, file] }), 'oracle-plan');
    const start = JSON.parse(readFileSync(out, 'utf8')) as { task: PublicTaskView };
    expect(start.task.plan).toMatch(/^1\. call get_order with \{"order_id":"8842"\}\n2\. /);
    expect(start.task.policy).toContain(start.task.plan);
  });
});
