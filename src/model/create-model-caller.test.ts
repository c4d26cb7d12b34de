import { APICallError } from '@ai-sdk/provider';
import type { LanguageModelV3GenerateResult } from '@ai-sdk/provider';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { AgentInfrastructureError } from '../core/index.js';
import type { TrialIdentity } from '../schema/index.js';
import { createFakeClock } from '../testing/index.js';
import type { FakeClock } from '../testing/index.js';
import { createLocalRequestLimiter } from './create-local-request-limiter.js';
import { createModelCaller } from './create-model-caller.js';
import type { ModelCallRequest } from './model-caller.js';
import type { RequestLimiter } from './request-limiter.js';

const TRIAL: TrialIdentity = { task_id: 'refund-1', attempt: 1, rerun: 0, seed: 1 };
const request: ModelCallRequest = {
  role: 'agent',
  trial: TRIAL,
  callIndex: 0,
  options: { prompt: [{ role: 'user', content: [{ type: 'text', text: 'hello' }] }] },
};
const signal = new AbortController().signal;

const answer: LanguageModelV3GenerateResult = {
  content: [{ type: 'text', text: 'hi' }],
  finishReason: { unified: 'stop', raw: undefined },
  usage: {
    inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: 2, text: 2, reasoning: 0 },
  },
  warnings: [],
};

const busy = (status: number, retryAfterS: number) =>
  new APICallError({
    message: 'Too many requests',
    url: 'http://127.0.0.1/v1/chat/completions',
    requestBodyValues: {},
    statusCode: status,
    responseHeaders: { 'retry-after': String(retryAfterS) },
    isRetryable: true,
  });

/** A model answering from a list of outcomes (an error is thrown), noting when each request is sent. */
function modelOf(clock: FakeClock, outcomes: (Error | 'ok')[]) {
  const sentAt: number[] = [];
  const languageModel = new MockLanguageModelV3({
    doGenerate: () => {
      sentAt.push(clock.now());
      const outcome = outcomes.shift() ?? 'ok';
      return outcome === 'ok' ? Promise.resolve(answer) : Promise.reject(outcome);
    },
  });
  return { languageModel, sentAt };
}

function callerOver(clock: FakeClock, limiter: RequestLimiter, outcomes: (Error | 'ok')[]) {
  const model = modelOf(clock, outcomes);
  const caller = createModelCaller({
    model: 'openai:gpt-test',
    languageModel: model.languageModel,
    price: undefined,
    retry: { maxRetries: 3, baseDelayMs: 100, maxDelayMs: 60_000 },
    limiter,
    sleep: clock.sleep,
    // Full jitter at its smallest: only Retry-After makes anyone wait.
    random: () => 0,
    now: clock.now,
  });
  return { caller, sentAt: model.sentAt };
}

describe('createModelCaller with a request limiter', () => {
  it("holds another caller's request to the endpoint until a 429's Retry-After is over", async () => {
    const clock = createFakeClock();
    const limiter = createLocalRequestLimiter({ maxConcurrentRequests: 8 }, clock);
    const first = callerOver(clock, limiter, [busy(429, 20), 'ok']);
    const second = callerOver(clock, limiter, ['ok']);
    const firstDone = first.caller.call(request, signal);
    await clock.advanceTo(1000);
    const secondDone = second.caller.call(request, signal);
    await clock.advanceTo(19_999);
    expect(second.sentAt).toEqual([]);
    await clock.advanceTo(20_000);
    const [firstResult] = await Promise.all([firstDone, secondDone]);
    expect(first.sentAt).toEqual([0, 20_000]);
    expect(second.sentAt).toEqual([20_000]);
    expect(firstResult.usage).toMatchObject({ retries: 1, wait_ms: 20_000 });
  });

  it('pauses the endpoint on a 503 with Retry-After, not on a 502 with one', async () => {
    const paused: number[] = [];
    const clock = createFakeClock();
    const noting: RequestLimiter = {
      run: (work) => work(),
      pause: (ms) => {
        paused.push(ms);
        return Promise.resolve();
      },
    };
    const done = callerOver(clock, noting, [busy(503, 3), busy(502, 4), 'ok']).caller.call(
      request,
      signal,
    );
    await clock.advanceTo(10_000);
    await done;
    expect(paused).toEqual([3000]);
  });

  it('makes the trial invalid, not the agent at fault, when the limiter cannot apply the limits', async () => {
    const clock = createFakeClock();
    const unreachable: RequestLimiter = {
      run: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:6379')),
      pause: () => Promise.resolve(),
    };
    const { caller, sentAt } = callerOver(clock, unreachable, ['ok']);
    const error: unknown = await caller.call(request, signal).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(AgentInfrastructureError);
    expect(error).toMatchObject({ terminal: 'environment_failure' });
    expect((error as Error).message).toContain('ECONNREFUSED');
    expect(sentAt).toEqual([]);
  });
});
