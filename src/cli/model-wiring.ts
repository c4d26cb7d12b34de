import { resolve } from 'node:path';
import { EndstateError, sleep } from '../core/index.js';
import {
  API_KEY_VARIABLES,
  BASE_URL_VARIABLES,
  DEFAULT_RETRY_POLICY,
  baseUrlOf,
  foreignEndpointOf,
  UNLIMITED_REQUESTS,
  createLanguageModel,
  createLocalRequestLimiter,
  createModelCaller,
  loadPricing,
  modelKey,
  openModelRecording,
  PRICING_FILE_EXAMPLE,
  preflightRequest,
  priceOf,
  pricingKeyOf,
  runPricingOf,
  withEndpoint,
} from '../model/index.js';
import type { RunPricing, RunRecord } from '../schema/index.js';
import type {
  ModelCaller,
  ModelRecording,
  ModelRef,
  ModelRefusal,
  Pricing,
  RequestLimiter,
  RequestLimiterFactory,
} from '../model/index.js';
import type { JsonObject } from '../core/index.js';
import type { SystemSpec } from '../schema/index.js';
import type { CliIo } from './cli-io.js';

export interface ModelWiringFlags {
  readonly pricing?: string;
  readonly record?: string;
  readonly replay?: string;
  readonly maxRetries: number;
  readonly maxConcurrentRequests: number;
  /** Requests started per rolling minute per provider endpoint; absent: no such limit. */
  readonly requestsPerMinute?: number;
  /** Seconds to wait for one request's answer. */
  readonly requestTimeout: number;
}

export interface ModelWiringOptions {
  /**
   * Makes the limiter of each provider endpoint (default: one in this
   * process). A distributed worker passes one kept in Redis, so the limits
   * hold across every worker.
   */
  readonly limiterFor?: RequestLimiterFactory;
  /** The tables `loadPricingFlag` read when the command started; default: read once models are wired. */
  readonly pricing?: Pricing | undefined;
}

/**
 * The pricing tables of `--pricing FILE` (the file before the shipped
 * table), read and checked now; undefined without the flag. Every command
 * that takes the flag calls it first, so a malformed or schema-invalid
 * file stops the command (exit 2, naming the file and the field or line)
 * whether or not a model is ever priced: an oracle run, or a regrade
 * without a judge, included.
 */
export function loadPricingFlag(pricing: string | undefined, io: CliIo): Pricing | undefined {
  if (pricing === undefined) return undefined;
  return loadPricing({ path: resolve(io.cwd, pricing), displayPath: pricing });
}

/** The limiter of one process: its limits hold for this process's calls alone. */
export const localLimiterFor: RequestLimiterFactory = (_endpoint, limits) =>
  createLocalRequestLimiter(limits, { now: Date.now, sleep });

/** The provider endpoint a model is called at, which its request limits are kept by. */
export function endpointOf(ref: ModelRef): string {
  return `${ref.provider}:${ref.base_url ?? ''}`;
}

/**
 * Everything model agents and simulated users share in a run: the pricing
 * table, one request limiter per provider endpoint (requests in flight,
 * requests per minute, a shared pause on Retry-After), retries, and the
 * recording (if any). Made in the shell: keys, timers and the clock come
 * from here.
 */
export function wireModels(
  flags: ModelWiringFlags,
  io: CliIo,
  options: ModelWiringOptions = {},
): {
  callerFor(ref: ModelRef): Promise<ModelCaller>;
  /** The first refusal no retry can fix, as the error that stops the run (exit 4). */
  refusal(): EndstateError | undefined;
  /** One tiny request before the run: a wrong key, name or URL fails here, in seconds (exit 4). */
  preflight(ref: ModelRef, role: 'agent' | 'user' | 'judge'): Promise<void>;
  /** The pricing tables read and the price applied to each model a caller was made for. */
  pricing(): RunPricing;
  /** The limits each provider endpoint's requests were held to, as the run record keeps them. */
  requestLimits(): NonNullable<RunRecord['request_limits']>;
} {
  if (flags.record !== undefined && flags.replay !== undefined) {
    throw new EndstateError('E_USAGE', '--record and --replay cannot be used together');
  }
  const pricing = options.pricing ?? loadPricingFlag(flags.pricing, io) ?? loadPricing();
  const priced = new Set<string>();
  const notes: Record<string, string> = {};
  /**
   * The model's price; a model no table prices is said once, and its cost
   * is unknown. A model called at another endpoint than its provider's own
   * is priced only by a table naming that endpoint, never at list price.
   */
  const priceFor = (ref: ModelRef) => {
    const key = pricingKeyOf(ref);
    const found = priceOf(pricing, key);
    const foreign = foreignEndpointOf(ref);
    if (foreign !== undefined) notes[key] = foreign.note;
    if (found === undefined && !priced.has(key)) {
      const tables = pricing.tables.map((table) => table.source.path).join(' or ');
      const why = foreign === undefined ? '' : ` (${foreign.note})`;
      io.err(
        `warning: no price for ${key} in ${tables}${why}: its cost is shown as unknown (tokens are still counted). To price it, pass --pricing FILE with ${PRICING_FILE_EXAMPLE.replace('provider:id', key)}\n`,
      );
    }
    priced.add(key);
    return found?.price;
  };
  const warned = new Set<string>();
  /** Says once when the environment names another endpoint than the one the system spec calls. */
  const checkEndpoint = (ref: ModelRef): void => {
    if (ref.provider === 'openai-compatible' || warned.has(endpointOf(ref))) return;
    const variable = BASE_URL_VARIABLES[ref.provider];
    const fromEnv = io.env[variable];
    if (fromEnv === undefined || fromEnv === '') return;
    const env = baseUrlOf(withEndpoint({ provider: ref.provider, id: ref.id }, io.env));
    if (env === baseUrlOf(ref)) return;
    warned.add(endpointOf(ref));
    io.err(
      `warning: ${variable} is ${fromEnv}, but the run's system calls ${modelKey(ref)} at ${baseUrlOf(ref)}: its calls go there\n`,
    );
  };
  const recording: ModelRecording | undefined =
    flags.record !== undefined
      ? openModelRecording(resolve(io.cwd, flags.record), 'record')
      : flags.replay !== undefined
        ? openModelRecording(resolve(io.cwd, flags.replay), 'replay')
        : undefined;
  const limits = {
    maxConcurrentRequests: flags.maxConcurrentRequests,
    ...(flags.requestsPerMinute === undefined
      ? {}
      : { requestsPerMinute: flags.requestsPerMinute }),
  };
  const limiterFor = options.limiterFor ?? localLimiterFor;
  const limiters = new Map<string, RequestLimiter>();
  let refusal: EndstateError | undefined;
  const onRefusal = (found: ModelRefusal): void => {
    refusal ??= refusalError(found);
  };
  return {
    refusal: () => refusal,
    pricing: () => runPricingOf(pricing, [...priced], notes),
    requestLimits: () => ({
      max_concurrent_requests: flags.maxConcurrentRequests,
      ...(flags.requestsPerMinute === undefined
        ? {}
        : { requests_per_minute: flags.requestsPerMinute }),
    }),
    async preflight(ref, role) {
      const key = modelKey(ref);
      const caller = createModelCaller({
        model: key,
        languageModel: await createLanguageModel(ref, io.env),
        // The preflight's few tokens are not the run's: never priced, never recorded.
        price: undefined,
        retry: PREFLIGHT_RETRY_POLICY,
        requestTimeoutMs: flags.requestTimeout * 1000,
        // One request, outside the run's limits: it must not wait behind the run's.
        limiter: UNLIMITED_REQUESTS,
        sleep,
        random: Math.random,
        now: Date.now,
      });
      try {
        await caller.call(preflightRequest(role), new AbortController().signal);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        throw new EndstateError(
          'E_PROVIDER',
          `the preflight request failed, so no trial was run: ${message}`,
          {
            hint: `${hintFor(key)} --no-preflight skips this check.`,
            cause: error,
          },
        );
      }
    },
    async callerFor(ref) {
      const key = modelKey(ref);
      const endpoint = endpointOf(ref);
      checkEndpoint(ref);
      let limiter = limiters.get(endpoint);
      if (limiter === undefined) limiters.set(endpoint, (limiter = limiterFor(endpoint, limits)));
      return createModelCaller({
        model: key,
        languageModel: await createLanguageModel(ref, io.env, {
          requireKey: recording?.mode !== 'replay',
        }),
        price: priceFor(ref),
        retry: { ...DEFAULT_RETRY_POLICY, maxRetries: flags.maxRetries },
        requestTimeoutMs: flags.requestTimeout * 1000,
        limiter,
        ...(recording === undefined ? {} : { recording }),
        onRefusal,
        sleep,
        random: Math.random,
        now: Date.now,
      });
    },
  };
}

/** What to check, by where the refusal came from. */
export function refusalError(refusal: ModelRefusal): EndstateError {
  if (refusal.source === 'replay') {
    return new EndstateError('E_PROVIDER', `replaying ${refusal.model}: ${refusal.message}`, {
      hint: 'Replay with the suite, tasks, trials, seed and settings the recording was made with, or record it again with --record.',
    });
  }
  return new EndstateError(
    'E_PROVIDER',
    `${refusal.model} refused the request: ${refusal.message}`,
    {
      hint: hintFor(refusal.model),
    },
  );
}

function hintFor(model: string): string {
  return `Check the API key (${keyVariableOf(model)}), the model name and the base URL; a model that cannot call tools cannot be the llm agent.`;
}

/** One quick retry: a preflight is there to fail fast on a wrong address or a server that is down. */
const PREFLIGHT_RETRY_POLICY = { maxRetries: 1, baseDelayMs: 500, maxDelayMs: 2000 };

function keyVariableOf(model: string): string {
  const provider = model.slice(0, model.indexOf(':'));
  return (
    (API_KEY_VARIABLES as Readonly<Record<string, string | undefined>>)[provider] ??
    "the provider's key variable"
  );
}

/** The model reference in a spec's model entry (provider, id, base URL), if it names one. */
function refOf(model: JsonObject | null | undefined): ModelRef | undefined {
  if (model === null || model === undefined) return undefined;
  const { provider, id, base_url: baseUrl } = model;
  if (typeof provider !== 'string' || typeof id !== 'string') return undefined;
  return {
    provider: provider as ModelRef['provider'],
    id,
    ...(typeof baseUrl === 'string' ? { base_url: baseUrl } : {}),
  };
}

/** Every model a system calls, by role: the llm agent's, the simulated users', the judge's. */
export function modelsOf(spec: SystemSpec): { ref: ModelRef; role: 'agent' | 'user' | 'judge' }[] {
  const models = [
    { ref: spec.agent.kind === 'llm' ? refOf(spec.model) : undefined, role: 'agent' as const },
    { ref: spec.user.kind === 'llm' ? refOf(spec.user.model) : undefined, role: 'user' as const },
    { ref: refOf(spec.judge), role: 'judge' as const },
  ];
  return models.flatMap(({ ref, role }) => (ref === undefined ? [] : [{ ref, role }]));
}
