import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import { MockLanguageModelV3 } from 'ai/test';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  UNLIMITED_REQUESTS,
  createLanguageModel,
  createModelCaller,
  openModelRecording,
} from '../model/index.js';
import type { ModelCallerOptions, ModelRecording } from '../model/index.js';
import type { Step, TrialRecord } from '../schema/index.js';
import { loadSuite } from '../task/index.js';
import type { Suite, Task } from '../task/index.js';
import {
  noAnswer,
  rateLimitedReply,
  scriptedModel,
  startFakeOpenAiServer,
  textReply,
  toolCallReply,
} from '../testing/index.js';
import type { FakeReply } from '../testing/index.js';
import { runTrial } from '../trial/index.js';
import { createLlmAgent } from './llm-agent.js';

let suite: Suite;
let task: Task;
beforeAll(async () => {
  suite = await loadSuite('examples/airline', { importModule: (url) => import(url) });
  task = suite.tasks.find((candidate) => candidate.id === 'change-flight-017')!;
});

function caller(languageModel: LanguageModelV3, extra: Partial<ModelCallerOptions> = {}) {
  return createModelCaller({
    model: 'openai-compatible:fake-model',
    languageModel,
    price: { input: 1, output: 2 },
    limiter: UNLIMITED_REQUESTS,
    sleep: () => Promise.resolve(),
    random: () => 0.5,
    now: () => 0,
    ...extra,
  });
}

function trial(
  languageModel: LanguageModelV3,
  extra: Partial<ModelCallerOptions> = {},
): Promise<TrialRecord> {
  const agent = createLlmAgent({
    caller: caller(languageModel, extra),
    model: { provider: 'openai-compatible', id: 'fake-model' },
    decoding: { temperature: 0 },
  });
  return runTrial({
    task,
    environment: suite.environment,
    agent,
    seed: 1,
    attempt: 1,
    rerun: 0,
    runId: 'r',
    suiteHash: suite.hash,
    systemHash: 's',
  });
}

/** The reference path of change-flight-017 as chat completion replies. */
function referenceReplies(): FakeReply[] {
  return task.spec.reference.map((step) =>
    'tool' in step ? toolCallReply(step.tool, step.args) : textReply(step.say),
  );
}

/** Replies `times` times with a tool call whose arguments are not JSON, then follows `steps`. */
function malformedThen(times: number, steps: readonly Step[]): LanguageModelV3 {
  const scripted = scriptedModel(steps);
  let calls = 0;
  return new MockLanguageModelV3({
    doGenerate: async (options) => {
      if (calls++ >= times) return scripted.doGenerate(options);
      return {
        content: [
          {
            type: 'tool-call',
            toolCallId: `bad-${calls}`,
            toolName: 'get_reservation',
            input: '{"id": ',
          },
        ],
        finishReason: { unified: 'tool-calls', raw: undefined },
        usage: {
          inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
          outputTokens: { total: 5, text: 5, reasoning: 0 },
        },
        warnings: [],
      };
    },
  });
}

describe('createLlmAgent', () => {
  it('answers malformed tool arguments with a tool error and counts a model that never recovers against the agent', async () => {
    const model = malformedThen(3, [{ say: 'I could not look the booking up.' }]);
    const record = await trial(model);
    expect(record).toMatchObject({
      valid: true,
      success: false,
      terminal_reason: 'agent_failure',
    });
    const errors = record.events.filter(
      (event) =>
        event.kind === 'tool_result' && !event.ok && event.error?.code === 'invalid_arguments',
    );
    expect(errors).toHaveLength(3);
    // The model is told, with its own text: the call it made and the tool error.
    const second = (model as MockLanguageModelV3).doGenerateCalls[1]!.prompt;
    expect(second.at(-2)).toMatchObject({
      role: 'assistant',
      content: [{ type: 'tool-call', toolName: 'get_reservation', input: {} }],
    });
    expect(second.at(-1)).toMatchObject({
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          output: {
            type: 'error-json',
            value: { code: 'invalid_arguments', received: '{"id": ' },
          },
        },
      ],
    });
  });

  it('succeeds when the model recovers from malformed arguments on its second try', async () => {
    const record = await trial(malformedThen(1, task.spec.reference));
    expect(record).toMatchObject({ valid: true, success: true, terminal_reason: 'success' });
    expect(record.usage.tool_calls).toBe(
      task.spec.reference.filter((step) => 'tool' in step).length + 1,
    );
  });

  it('completes change-flight-017 through the AI SDK mock model', async () => {
    const record = await trial(scriptedModel(task.spec.reference));
    expect(record).toMatchObject({
      success: true,
      exit_reason: 'user_stop',
      terminal_reason: 'success',
    });
    expect(record.usage).toMatchObject({
      model_calls: 5,
      input_tokens: 500,
      output_tokens: 100,
      retries: 0,
    });
    expect(record.usage.cost_usd).toBeCloseTo((500 * 1 + 100 * 2) / 1e6, 12);
    expect(record.events.filter((event) => event.kind === 'usage')).toHaveLength(5);
  });

  it('completes it through the real OpenAI-compatible provider over HTTP to a local fake', async () => {
    const replies = referenceReplies();
    const server = await startFakeOpenAiServer(
      (_body, index) => replies[index] ?? textReply('All done.'),
    );
    try {
      const languageModel = await createLanguageModel(
        { provider: 'openai-compatible', id: 'fake-model', base_url: server.url },
        {},
      );
      const record = await trial(languageModel);
      expect(record.success).toBe(true);
      expect(server.requests).toHaveLength(5);
      const first = server.requests[0]!;
      expect(first).toMatchObject({ model: 'fake-model', temperature: 0 });
      expect((first.tools as unknown[]).length).toBe(suite.environment.descriptors.length);
      // The hidden parts of the task never reach the model.
      const sent = JSON.stringify(server.requests);
      expect(sent).not.toContain('known_bad');
      expect(sent).not.toContain('books-over-the-limit');
    } finally {
      await server.close();
    }
  });

  it('retries a 429 and is not an agent failure; the wait is reported apart', async () => {
    const replies = referenceReplies();
    const server = await startFakeOpenAiServer((_body, index) =>
      index === 0 ? rateLimitedReply(0) : (replies[index - 1] ?? textReply('All done.')),
    );
    try {
      const languageModel = await createLanguageModel(
        { provider: 'openai-compatible', id: 'fake-model', base_url: server.url },
        {},
      );
      const record = await trial(languageModel, { sleep: () => Promise.resolve() });
      expect(record).toMatchObject({ success: true, valid: true });
      expect(record.usage.retries).toBe(1);
      expect(record.usage.wait_ms).toBe(500);
    } finally {
      await server.close();
    }
  });

  it('makes the trial invalid when retries run out, not failed', async () => {
    const server = await startFakeOpenAiServer(() => rateLimitedReply(0));
    try {
      const languageModel = await createLanguageModel(
        { provider: 'openai-compatible', id: 'fake-model', base_url: server.url },
        {},
      );
      const record = await trial(languageModel, {
        retry: { maxRetries: 2, baseDelayMs: 10, maxDelayMs: 100 },
      });
      expect(record).toMatchObject({
        exit_reason: 'provider_error',
        terminal_reason: 'environment_failure',
        valid: false,
        success: false,
      });
      expect(record.error).toMatch(/still failing after 2 retries/);
      expect(server.requests).toHaveLength(3);
    } finally {
      await server.close();
    }
  });

  it('gives up on a request the provider never answers and makes the trial invalid, not failed', async () => {
    const server = await startFakeOpenAiServer(() => noAnswer());
    try {
      const languageModel = await createLanguageModel(
        { provider: 'openai-compatible', id: 'fake-model', base_url: server.url },
        {},
      );
      const started = Date.now();
      const record = await trial(languageModel, {
        requestTimeoutMs: 200,
        retry: { maxRetries: 1, baseDelayMs: 10, maxDelayMs: 100 },
      });
      expect(record).toMatchObject({
        exit_reason: 'provider_error',
        terminal_reason: 'environment_failure',
        valid: false,
        success: false,
      });
      expect(record.error).toMatch(/still failing after 1 retries: no answer within 0.2 s/);
      expect(server.requests).toHaveLength(2);
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await server.close();
    }
  }, 15_000);

  it('calls a model that cannot read tools a harness incompatibility', async () => {
    const server = await startFakeOpenAiServer(() => ({
      status: 400,
      body: { error: { message: 'tools are not supported by this model' } },
    }));
    try {
      const languageModel = await createLanguageModel(
        { provider: 'openai-compatible', id: 'fake-model', base_url: server.url },
        {},
      );
      const record = await trial(languageModel);
      expect(record).toMatchObject({ terminal_reason: 'harness_incompatibility', valid: true });
    } finally {
      await server.close();
    }
  });

  it('replays a recorded run with no server and gives the same records', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'endstate-recording-'));
    const replies = referenceReplies();
    const server = await startFakeOpenAiServer(
      (_body, index) => replies[index] ?? textReply('All done.'),
    );
    const languageModel = await createLanguageModel(
      { provider: 'openai-compatible', id: 'fake-model', base_url: server.url },
      {},
    );
    let recorded: TrialRecord;
    try {
      recorded = await trial(languageModel, { recording: openModelRecording(folder, 'record') });
    } finally {
      await server.close();
    }
    const replaying: ModelRecording = openModelRecording(folder, 'replay');
    const replayed = await trial(languageModel, { recording: replaying });
    const volatile = ['t_ms', 'duration_ms', 'latency_ms', 'started_at'];
    const normalise = (record: TrialRecord): unknown =>
      JSON.parse(
        JSON.stringify(record, (key, value: unknown) => (volatile.includes(key) ? 0 : value)),
      );
    expect(normalise(replayed)).toEqual(normalise(recorded));
    expect(replayed.success).toBe(true);
  });
});
