import type { LanguageModelV3 } from '@ai-sdk/provider';
import { EndstateError } from '../core/index.js';
import { baseUrlOf } from './model-endpoint.js';
import type { ModelRef } from './model-ref.js';

/** Environment variables holding each provider's key. */
export const API_KEY_VARIABLES = {
  openai: 'OPENAI_API_KEY',
  anthropic: 'ANTHROPIC_API_KEY',
  'openai-compatible': 'OPENAI_COMPATIBLE_API_KEY',
} as const;

/**
 * A model through the Vercel AI SDK's providers. Keys come from the usual
 * environment variables; an OpenAI-compatible server (vLLM, Ollama,
 * llama.cpp) needs none. The calls go to the reference's endpoint
 * (`base_url`, else the provider's own), never to one the provider library
 * would pick from the environment: resolve it first with `withEndpoint`,
 * so the system spec names where the calls went. `requireKey: false` skips the check (replaying a
 * recording never calls the provider). Provider packages load on first use,
 * so runs without models start faster.
 */
export async function createLanguageModel(
  ref: ModelRef,
  env: Readonly<Record<string, string | undefined>>,
  options: { readonly requireKey?: boolean } = {},
): Promise<LanguageModelV3> {
  const variable = API_KEY_VARIABLES[ref.provider];
  const apiKey = env[variable] === '' ? undefined : env[variable];
  if (
    ref.provider !== 'openai-compatible' &&
    apiKey === undefined &&
    options.requireKey !== false
  ) {
    throw new EndstateError(
      'E_USAGE',
      `model ${ref.provider}:${ref.id} needs an API key in ${variable}`,
      {
        hint: `export ${variable}=... (or replay a recording with --replay DIR)`,
      },
    );
  }
  switch (ref.provider) {
    case 'openai': {
      const { createOpenAI } = await import('@ai-sdk/openai');
      return createOpenAI({ apiKey: apiKey ?? 'unused', baseURL: baseUrlOf(ref) }).chat(ref.id);
    }
    case 'anthropic': {
      const { createAnthropic } = await import('@ai-sdk/anthropic');
      return createAnthropic({ apiKey: apiKey ?? 'unused', baseURL: baseUrlOf(ref) })(ref.id);
    }
    case 'openai-compatible': {
      const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
      return createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: baseUrlOf(ref),
        ...(apiKey !== undefined ? { apiKey } : {}),
        includeUsage: true,
      }).chatModel(ref.id);
    }
  }
}
