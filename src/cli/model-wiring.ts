import pLimit from 'p-limit';
import { resolve } from 'node:path';
import { EndstateError, sleep } from '../core/index.js';
import {
  DEFAULT_RETRY_POLICY,
  createLanguageModel,
  createModelCaller,
  loadPricing,
  modelKey,
  openModelRecording,
  priceOf,
  requirePrice,
} from '../model/index.js';
import type { ModelCaller, ModelRecording, ModelRef } from '../model/index.js';
import type { CliIo } from './cli-io.js';

export interface ModelWiringFlags {
  readonly pricing?: string;
  readonly record?: string;
  readonly replay?: string;
  readonly maxRetries: number;
  readonly maxConcurrentRequests: number;
  /** Seconds to wait for one request's answer. */
  readonly requestTimeout: number;
}

/**
 * Everything model agents and simulated users share in a run: the pricing
 * table, one limit on concurrent requests per provider endpoint, retries,
 * and the recording (if any). Made in the shell: keys, timers and the
 * clock come from here.
 */
export function wireModels(
  flags: ModelWiringFlags,
  io: CliIo,
): { callerFor(ref: ModelRef): Promise<ModelCaller> } {
  if (flags.record !== undefined && flags.replay !== undefined) {
    throw new EndstateError('E_USAGE', '--record and --replay cannot be used together');
  }
  const pricing = loadPricing(
    flags.pricing === undefined ? undefined : resolve(io.cwd, flags.pricing),
  );
  const recording: ModelRecording | undefined =
    flags.record !== undefined
      ? openModelRecording(resolve(io.cwd, flags.record), 'record')
      : flags.replay !== undefined
        ? openModelRecording(resolve(io.cwd, flags.replay), 'replay')
        : undefined;
  const limits = new Map<string, ReturnType<typeof pLimit>>();
  return {
    async callerFor(ref) {
      const key = modelKey(ref);
      const endpoint = `${ref.provider}:${ref.base_url ?? ''}`;
      let limit = limits.get(endpoint);
      if (limit === undefined) limits.set(endpoint, (limit = pLimit(flags.maxConcurrentRequests)));
      return createModelCaller({
        model: key,
        languageModel: await createLanguageModel(ref, io.env, {
          requireKey: recording?.mode !== 'replay',
        }),
        price: requirePrice(priceOf(pricing, key), key),
        retry: { ...DEFAULT_RETRY_POLICY, maxRetries: flags.maxRetries },
        requestTimeoutMs: flags.requestTimeout * 1000,
        limit: limit,
        ...(recording === undefined ? {} : { recording }),
        sleep,
        random: Math.random,
        now: Date.now,
      });
    },
  };
}
