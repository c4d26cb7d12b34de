import type { LanguageModelV3, LanguageModelV3GenerateResult } from '@ai-sdk/provider';
import { AgentInfrastructureError } from '../core/index.js';
import { classifyModelError } from './classify-model-error.js';
import type { ModelErrorClass } from './classify-model-error.js';
import type { ModelCallRequest, ModelCallResult, ModelCaller } from './model-caller.js';
import { recordingKey } from './model-recording.js';
import type { ModelRecording } from './model-recording.js';
import { costOf } from './pricing.js';
import type { Price } from './pricing.js';
import type { RequestLimiter } from './request-limiter.js';

export interface RetryPolicy {
  /** Tries after the first (default 5). */
  readonly maxRetries: number;
  /** First backoff; doubles each retry, with full jitter (default 1 s). */
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 5,
  baseDelayMs: 1000,
  maxDelayMs: 60_000,
};

/** Longest wait for one model request's answer unless the run says otherwise. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 120_000;

/** A refusal no retry or rerun can fix. */
export interface ModelRefusal {
  /** `provider:id`. */
  readonly model: string;
  /** `provider`: the provider refused; `replay`: the recording has no answer. */
  readonly source: 'provider' | 'replay';
  readonly message: string;
}

export interface ModelCallerOptions {
  /** `provider:id`. */
  readonly model: string;
  /** The provider's model; unused when replaying. */
  readonly languageModel: LanguageModelV3;
  /** Undefined when no pricing table prices the model: each call's cost is then unknown (null). */
  readonly price: Price | undefined;
  readonly retry?: RetryPolicy;
  /**
   * Longest wait for one request's answer (default 120 s): a provider that
   * accepts the connection and never answers is then retried like any other
   * passing trouble, instead of holding the trial until its own timeout.
   */
  readonly requestTimeoutMs?: number;
  /**
   * The limits on requests to this provider endpoint, shared by every
   * caller of the endpoint (run-wide, or across workers); told of each
   * Retry-After on a 429 or 503 so that every caller waits it out.
   */
  readonly limiter: RequestLimiter;
  readonly recording?: ModelRecording;
  /**
   * Told of a refusal that every later request would meet too (a bad key,
   * an unknown model, a request the provider cannot serve, a call missing
   * from the recording), so the run can stop instead of playing on.
   */
  readonly onRefusal?: (refusal: ModelRefusal) => void;
  /** Waits, aborting early with the signal (the shell passes a timer). */
  readonly sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Uniform in [0, 1) for jitter. */
  readonly random: () => number;
  readonly now: () => number;
}

function tokensOf(result: LanguageModelV3GenerateResult) {
  const input = result.usage.inputTokens;
  return {
    input_tokens: input.total ?? (input.noCache ?? 0) + (input.cacheRead ?? 0),
    cached_input_tokens: input.cacheRead ?? 0,
    output_tokens: result.usage.outputTokens.total ?? 0,
  };
}

/** The limiter could not do its work: the trial is invalid (infrastructure), never the agent's failure. */
function limiterFailure(model: string, error: unknown): AgentInfrastructureError {
  const message = error instanceof Error ? error.message : String(error);
  return new AgentInfrastructureError(
    `${model}: the request limits could not be applied, so no request was sent: ${message}`,
    'environment_failure',
    { cause: error },
  );
}

/**
 * A ModelCaller over an AI SDK model: provider trouble (429, 5xx, timeouts)
 * is retried with exponential backoff and full jitter, honouring
 * Retry-After (a 429 or 503's Retry-After pauses the endpoint's limiter, so
 * every caller of the endpoint waits too), and the waiting is reported
 * apart from working time; when
 * retries run out, or the provider refuses the request, the trial becomes
 * invalid (never an agent failure). With a recording, responses are saved
 * or replayed by the call's key.
 */
export function createModelCaller(options: ModelCallerOptions): ModelCaller {
  const retry = options.retry ?? DEFAULT_RETRY_POLICY;
  const timeoutMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const generate = async (
    request: ModelCallRequest,
    signal: AbortSignal,
  ): Promise<ModelCallResult> => {
    let waitMs = 0;
    for (let attempt = 0; ; attempt++) {
      let timeout: AbortSignal | undefined;
      try {
        const result = await options.limiter.run(async () => {
          // The clock starts once the request is sent, not while it queues for the limit.
          timeout = AbortSignal.timeout(timeoutMs);
          return options.languageModel.doGenerate({
            ...request.options,
            abortSignal: AbortSignal.any([signal, timeout]),
          });
        }, signal);
        const tokens = tokensOf(result);
        return {
          content: result.content,
          finishReason: result.finishReason.unified,
          usage: {
            role: request.role,
            model: options.model,
            ...tokens,
            cost_usd: costOf(options.price, tokens),
            wait_ms: Math.round(waitMs),
            retries: attempt,
          },
        };
      } catch (error) {
        if (signal.aborted) throw error;
        // The request was never sent: the limiter failed (its shared store does not answer).
        if (timeout === undefined) throw limiterFailure(options.model, error);
        const verdict: ModelErrorClass =
          timeout?.aborted === true
            ? {
                type: 'retryable',
                retryAfterMs: undefined,
                pausesEndpoint: false,
                message: `no answer within ${timeoutMs / 1000} s (the request timeout)`,
              }
            : classifyModelError(error, options.now());
        if (verdict.type === 'refused') {
          if (verdict.stopsRun) {
            options.onRefusal?.({
              model: options.model,
              source: 'provider',
              message: verdict.message,
            });
          }
          throw new AgentInfrastructureError(
            `${options.model} refused the request: ${verdict.message}`,
            'harness_incompatibility',
            { cause: error },
          );
        }
        if (attempt >= retry.maxRetries) {
          throw new AgentInfrastructureError(
            `${options.model} still failing after ${retry.maxRetries} retries: ${verdict.message}`,
            'environment_failure',
            { cause: error },
          );
        }
        const backoff =
          Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** attempt) * options.random();
        const delay = Math.min(retry.maxDelayMs, Math.max(backoff, verdict.retryAfterMs ?? 0));
        if (verdict.pausesEndpoint && verdict.retryAfterMs !== undefined) {
          await options.limiter
            .pause(Math.min(retry.maxDelayMs, verdict.retryAfterMs))
            .catch((failure: unknown) => {
              throw limiterFailure(options.model, failure);
            });
        }
        waitMs += delay;
        await options.sleep(delay, signal);
      }
    }
  };

  return {
    model: options.model,
    async call(request, signal) {
      const recording = options.recording;
      if (recording === undefined) return generate(request, signal);
      const key = recordingKey(options.model, request);
      if (recording.mode === 'replay') {
        const recorded = recording.load(key);
        if (recorded === undefined) {
          const message = `no recorded response in ${recording.folder} for this ${request.role} call (${request.trial.task_id} attempt ${request.trial.attempt}, call ${request.callIndex + 1}): the run differs from the recorded one`;
          options.onRefusal?.({ model: options.model, source: 'replay', message });
          throw new AgentInfrastructureError(message, 'harness_incompatibility');
        }
        return recorded.result;
      }
      const result = await generate(request, signal);
      recording.save({ key, model: options.model, request, result });
      return result;
    },
  };
}
