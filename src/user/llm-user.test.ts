import type { LanguageModelV3CallOptions, LanguageModelV3GenerateResult } from '@ai-sdk/provider';
import { MockLanguageModelV3 } from 'ai/test';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLlmAgent } from '../agent/index.js';
import { UNLIMITED_REQUESTS, createModelCaller } from '../model/index.js';
import type { ModelCaller } from '../model/index.js';
import { loadSuite } from '../task/index.js';
import type { Suite, Task } from '../task/index.js';
import { scriptedModel } from '../testing/index.js';
import { runTrial } from '../trial/index.js';
import { HINT_MARK, STOP_TOKEN, createLlmUsers, withoutHintMark } from './llm-user.js';

const GOAL = 'Move booking R7K2 to Friday; secret budget marker QX-4471.';
const PERSONA = 'Maya Chen, terse and in a hurry.';

let suite: Suite;
let task: Task;
beforeAll(async () => {
  suite = await loadSuite('examples/airline', { importModule: (url) => import(url) });
  const base = suite.tasks.find((candidate) => candidate.id === 'change-flight-017')!;
  const user = {
    ...base.spec.user,
    scenario: { persona: PERSONA, hidden_goal: GOAL, knows: { booking: 'R7K2-KNOWN' } },
  };
  task = { ...base, spec: { ...base.spec, user } };
});

const textOf = (options: LanguageModelV3CallOptions): string => JSON.stringify(options.prompt);

/** The text of the last message in a prompt (for the simulator: what the agent just said). */
function lastMessage(options: LanguageModelV3CallOptions): string {
  const last = options.prompt.at(-1);
  if (last === undefined || last.role === 'system') return '';
  return last.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

/** A user model that opens, consents when asked, and stops once told the change is done. */
function userModel(): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    provider: 'mock',
    modelId: 'user',
    doGenerate: (options): Promise<LanguageModelV3GenerateResult> => {
      const heard = lastMessage(options);
      const text = heard.startsWith('Hi! How can I help')
        ? 'I need to move my Paris flight to Friday.'
        : heard.includes('Shall I go ahead')
          ? 'Yes, please go ahead.'
          : heard.startsWith('Done')
            ? STOP_TOKEN
            : 'Friday, economy please.';
      return Promise.resolve({
        content: [{ type: 'text', text }],
        finishReason: { unified: 'stop', raw: undefined },
        usage: {
          inputTokens: { total: 1000, noCache: 1000, cacheRead: 0, cacheWrite: 0 },
          outputTokens: { total: 10, text: 10, reasoning: 0 },
        },
        warnings: [],
      });
    },
  });
}

function caller(model: MockLanguageModelV3, id: string): ModelCaller {
  return createModelCaller({
    model: `mock:${id}`,
    languageModel: model,
    price: { input: 1, output: 2 },
    limiter: UNLIMITED_REQUESTS,
    sleep: () => Promise.resolve(),
    random: () => 0.5,
    now: () => 0,
  });
}

async function play() {
  const agentModel = scriptedModel(task.spec.reference) as MockLanguageModelV3;
  const simulator = userModel();
  const record = await runTrial({
    task,
    environment: suite.environment,
    agent: createLlmAgent({
      caller: caller(agentModel, 'agent'),
      model: { provider: 'openai-compatible', id: 'agent' },
      decoding: {},
    }),
    users: createLlmUsers({ caller: caller(simulator, 'user'), decoding: { temperature: 0 } }),
    seed: 1,
    attempt: 1,
    rerun: 0,
    runId: 'r',
    suiteHash: suite.hash,
    systemHash: 's',
  });
  return { record, agentModel, simulator };
}

describe('createLlmUsers', () => {
  it('plays the scenario until its stop token, recording its turns as the simulator', async () => {
    const { record, simulator } = await play();
    expect(record).toMatchObject({ success: true, exit_reason: 'user_stop' });
    const userTurns = record.events.flatMap((event) => (event.kind === 'user' ? [event] : []));
    expect(userTurns.map((turn) => [turn.source, turn.text])).toEqual([
      ['simulator', 'I need to move my Paris flight to Friday.'],
      ['simulator', 'Yes, please go ahead.'],
    ]);
    // Opening, the consent, and the stop: three calls, with the decoding pinned.
    expect(simulator.doGenerateCalls).toHaveLength(3);
    expect(simulator.doGenerateCalls[0]!.temperature).toBe(0);
  });

  it('gives the simulator its persona, goal and knowledge, and the agent none of them', async () => {
    const { agentModel, simulator } = await play();
    const system = simulator.doGenerateCalls[0]!.prompt[0]!;
    expect(system.role).toBe('system');
    expect(system.content).toContain(GOAL);
    expect(system.content).toContain(PERSONA);
    expect(system.content).toContain('R7K2-KNOWN');
    expect(system.content).toContain(STOP_TOKEN);
    expect(agentModel.doGenerateCalls.length).toBeGreaterThan(0);
    for (const call of agentModel.doGenerateCalls) {
      expect(textOf(call)).not.toContain('QX-4471');
      expect(textOf(call)).not.toContain('R7K2-KNOWN');
      expect(textOf(call)).not.toContain(STOP_TOKEN);
    }
  });

  it("counts the simulator's model calls apart from the agent's usage and budget", async () => {
    const { record } = await play();
    const usage = record.events.flatMap((event) => (event.kind === 'usage' ? [event] : []));
    expect(usage.filter((event) => event.role === 'user')).toHaveLength(3);
    // Agent: 5 calls of 100 in / 20 out at $1 / $2 per million tokens.
    expect(record.usage.model_calls).toBe(5);
    expect(record.usage.input_tokens).toBe(500);
    expect(record.usage.cost_usd).toBeCloseTo((500 * 1 + 100 * 2) / 1e6, 12);
    // Simulator: 3 calls of 1000 in / 10 out.
    expect(record.usage.user_model_calls).toBe(3);
    expect(record.usage.user_cost_usd).toBeCloseTo((3000 * 1 + 30 * 2) / 1e6, 12);
  });
});

describe("the simulator's hint mark", () => {
  it('is stripped from a reply that starts with it, in any case', () => {
    expect(withoutHintMark(`${HINT_MARK} It is R7K2.`)).toBe('It is R7K2.');
    expect(withoutHintMark('  [HINT]It is R7K2.')).toBe('It is R7K2.');
    expect(withoutHintMark('It is R7K2. [hint]')).toBeUndefined();
  });

  it('turns a marked reply into a hint the agent hears without the mark', async () => {
    const model = new MockLanguageModelV3({
      provider: 'mock',
      modelId: 'user',
      doGenerate: () =>
        Promise.resolve({
          content: [{ type: 'text', text: '[hint] The booking is R7K2.' }],
          finishReason: { unified: 'stop', raw: undefined },
          usage: {
            inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
            outputTokens: { total: 1, text: 1, reasoning: 0 },
          },
          warnings: [],
        }),
    });
    const user = createLlmUsers({ caller: caller(model, 'user'), decoding: {} })({
      spec: task.spec.user,
      trial: { task_id: task.id, attempt: 1, rerun: 0, seed: 1 },
      recordUsage: () => undefined,
      signal: new AbortController().signal,
    });
    await expect(user.reply('What is your booking?')).resolves.toEqual({
      type: 'reply',
      text: 'The booking is R7K2.',
      source: 'simulator',
      assist: { type: 'hint', source: 'simulator' },
    });
    expect(JSON.stringify(model.doGenerateCalls[0]!.prompt[0])).toContain(HINT_MARK);
  });
});
