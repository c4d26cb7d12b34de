import type { LanguageModelV3CallOptions, LanguageModelV3GenerateResult } from '@ai-sdk/provider';
import { MockLanguageModelV3 } from 'ai/test';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createOracleAgent } from '../agent/index.js';
import { defineEnvironment, defineTool } from '../environment/index.js';
import { UNLIMITED_REQUESTS, createModelCaller } from '../model/index.js';
import { loadSuite } from '../task/index.js';
import type { Suite, Task } from '../task/index.js';
import { runTrial } from '../trial/index.js';
import { MAX_USER_TOOL_ROUNDS, createLlmUsers } from './llm-user.js';

let suite: Suite;
let task: Task;
beforeAll(async () => {
  suite = await loadSuite('examples/phone-settings', {
    importModule: (url) => import(url),
    taskCache: false,
  });
  const base = suite.tasks.find((candidate) => candidate.id === 'airplane-mode-on')!;
  const user = {
    ...base.spec.user,
    script: [],
    scenario: { hidden_goal: 'Get mobile data working again.' },
  };
  task = { ...base, spec: { ...base.spec, user } };
});

const callsOf = (record: Awaited<ReturnType<typeof runTrial>>) =>
  record.events.flatMap((event) =>
    event.kind === 'tool_call' ? [[event.tool, event.by ?? 'agent', event.side ?? 'agent']] : [],
  );

/** The text of the last message in a prompt. */
function lastText(options: LanguageModelV3CallOptions): string {
  const last = options.prompt.at(-1);
  if (last === undefined || last.role === 'system') return '';
  return last.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

const USAGE = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

/**
 * A customer model: opens, calls its airplane-mode tool when the agent
 * mentions airplane mode, then tells the agent what the tool said.
 */
function customerModel(): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    provider: 'mock',
    modelId: 'customer',
    doGenerate: (options): Promise<LanguageModelV3GenerateResult> => {
      const last = options.prompt.at(-1);
      const heard = lastText(options);
      const content: LanguageModelV3GenerateResult['content'] =
        last?.role === 'tool'
          ? [{ type: 'text', text: `Done: ${JSON.stringify(last.content[0])}` }]
          : heard.includes('airplane')
            ? [
                { type: 'text', text: 'Let me look.' },
                {
                  type: 'tool-call',
                  toolCallId: 't1',
                  toolName: 'toggle_airplane_mode',
                  input: '',
                },
              ]
            : [{ type: 'text', text: 'My mobile data does not work. My number is 555-0100.' }];
      return Promise.resolve({
        content,
        finishReason: { unified: 'stop', raw: undefined },
        usage: USAGE,
        warnings: [],
      });
    },
  });
}

describe('a model-played user with tools of their own', () => {
  it('calls its tool through the dispatcher as the user, and hears the answer', async () => {
    const model = customerModel();
    const caller = createModelCaller({
      model: 'mock:customer',
      languageModel: model,
      price: { input: 1, output: 1 },
      limiter: UNLIMITED_REQUESTS,
      sleep: () => Promise.resolve(),
      random: () => 0.5,
      now: () => 0,
    });
    const record = await runTrial({
      task,
      environment: suite.environment,
      agent: createOracleAgent(),
      users: createLlmUsers({ caller, decoding: {} }),
      seed: 3,
      attempt: 1,
      rerun: 0,
      runId: 'run',
      suiteHash: suite.hash,
      systemHash: 'system',
    });

    expect(callsOf(record)).toEqual([
      ['get_line_by_phone', 'agent', 'agent'],
      ['toggle_airplane_mode', 'user', 'user'],
    ]);
    expect(record.success).toBe(true);
    expect(record.usage.tool_calls).toBe(1);
    // Offered its own tools, never the agent's; the answer came back as a tool result.
    const offered = model.doGenerateCalls.map((call) => call.tools?.map((tool) => tool.name));
    expect(offered[0]).toEqual(['check_status_bar', 'toggle_airplane_mode', 'toggle_mobile_data']);
    const afterTool = model.doGenerateCalls.find((call) => call.prompt.at(-1)?.role === 'tool');
    expect(JSON.stringify(afterTool?.prompt.at(-1))).toContain('"airplane_mode":false');
    expect(record.events).toContainEqual(
      expect.objectContaining({
        kind: 'user',
        source: 'simulator',
        text: expect.stringMatching(/^Done: /),
      }),
    );
  });
});

/** A caller of a mock model that answers with `content` each time. */
function callerOf(
  content: (options: LanguageModelV3CallOptions) => LanguageModelV3GenerateResult['content'],
) {
  const model = new MockLanguageModelV3({
    provider: 'mock',
    modelId: 'customer',
    doGenerate: (options): Promise<LanguageModelV3GenerateResult> =>
      Promise.resolve({
        content: content(options),
        finishReason: { unified: 'stop', raw: undefined },
        usage: USAGE,
        warnings: [],
      }),
  });
  return createModelCaller({
    model: 'mock:customer',
    languageModel: model,
    price: { input: 1, output: 1 },
    limiter: UNLIMITED_REQUESTS,
    sleep: () => Promise.resolve(),
    random: () => 0.5,
    now: () => 0,
  });
}

describe("a crash of the model-played user's tool", () => {
  /** The example's environment with a user tool that throws. */
  const crashing = () => {
    const environment = suite.environment;
    const broken = defineTool({
      name: 'restart_phone',
      description: 'Restart your phone.',
      input: z.object({}),
      effect: 'write',
      run: () => {
        throw new Error('the phone caught fire');
      },
    });
    const { device, ...agentSide } = environment.fixture.snapshot;
    return defineEnvironment({
      name: environment.name,
      version: environment.version,
      policy: environment.policy,
      fixture: agentSide,
      tools: [...environment.tools.values()],
      user: { fixture: { device: device! }, tools: [broken] },
    });
  };
  const restart = {
    type: 'tool-call' as const,
    toolCallId: 'r',
    toolName: 'restart_phone',
    input: '{}',
  };

  it.each([
    ['in its opening', (heard: string) => heard.includes('How can I help')],
    ['in a reply', (heard: string) => !heard.includes('How can I help')],
  ])('ends the trial as a tool crash %s', async (_when, crashesOn) => {
    const caller = callerOf((options) =>
      options.prompt.at(-1)?.role !== 'tool' && crashesOn(lastText(options))
        ? [restart]
        : [{ type: 'text', text: 'My number is 555-0100.' }],
    );
    const record = await runTrial({
      task,
      environment: crashing(),
      agent: createOracleAgent(),
      users: createLlmUsers({ caller, decoding: {} }),
      seed: 3,
      attempt: 1,
      rerun: 0,
      runId: 'run',
      suiteHash: suite.hash,
      systemHash: 'system',
    });
    expect(record.exit_reason).toBe('tool_crash');
    expect(record.valid).toBe(false);
    expect(record.events).toContainEqual(
      expect.objectContaining({
        kind: 'tool_call',
        tool: 'restart_phone',
        by: 'user',
        side: 'user',
      }),
    );
  });
});

describe("the simulator's tool rounds", () => {
  it(`withholds its tools after ${MAX_USER_TOOL_ROUNDS} rounds in one turn, so it must answer in words`, async () => {
    const model = new MockLanguageModelV3({
      provider: 'mock',
      modelId: 'customer',
      doGenerate: (options): Promise<LanguageModelV3GenerateResult> =>
        Promise.resolve({
          content:
            options.tools === undefined
              ? [{ type: 'text', text: 'I give up on my phone.' }]
              : [{ type: 'tool-call', toolCallId: 'c', toolName: 'check_status_bar', input: '{}' }],
          finishReason: { unified: 'stop', raw: undefined },
          usage: USAGE,
          warnings: [],
        }),
    });
    const caller = createModelCaller({
      model: 'mock:customer',
      languageModel: model,
      price: { input: 1, output: 1 },
      limiter: UNLIMITED_REQUESTS,
      sleep: () => Promise.resolve(),
      random: () => 0.5,
      now: () => 0,
    });
    const called: string[] = [];
    const user = createLlmUsers({ caller, decoding: {} })({
      spec: task.spec.user,
      trial: { task_id: task.id, attempt: 1, rerun: 0, seed: 1 },
      recordUsage: () => undefined,
      signal: new AbortController().signal,
      toolbox: {
        tools: [{ name: 'check_status_bar', description: 'Look.', input_schema: {} }],
        call: (tool) => {
          called.push(tool);
          return Promise.resolve({ ok: true, result: { signal: 'none' } });
        },
      },
    });
    await expect(user.reply('Anything on your screen?')).resolves.toEqual({
      type: 'reply',
      text: 'I give up on my phone.',
      source: 'simulator',
    });
    expect(called).toHaveLength(MAX_USER_TOOL_ROUNDS);
    expect(model.doGenerateCalls).toHaveLength(MAX_USER_TOOL_ROUNDS + 1);
    expect(model.doGenerateCalls.at(-1)!.tools).toBeUndefined();
  });
});
