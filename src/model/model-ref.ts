import { EndstateError } from '../core/index.js';

export const PROVIDERS = ['openai', 'anthropic', 'openai-compatible'] as const;
export type Provider = (typeof PROVIDERS)[number];

/** Which model: the provider, its id, and for OpenAI-compatible servers the base URL. */
export interface ModelRef {
  readonly provider: Provider;
  readonly id: string;
  readonly base_url?: string;
}

const FORMS = 'openai:<id>, anthropic:<id> or openai-compatible:<base-url>#<id>';

/**
 * Reads `--model`: `openai:gpt-4o`, `anthropic:claude-3-5-sonnet-latest`,
 * `openai-compatible:http://localhost:8000/v1#Qwen/Qwen2.5-7B-Instruct`.
 */
export function parseModelRef(text: string, flag = '--model'): ModelRef {
  const colon = text.indexOf(':');
  const provider = text.slice(0, colon) as Provider;
  const rest = text.slice(colon + 1);
  if (colon <= 0 || !PROVIDERS.includes(provider) || rest === '') {
    throw new EndstateError('E_USAGE', `${flag} ${text}: expected ${FORMS}`, {
      hint: 'For a local vLLM or Ollama server: openai-compatible:http://localhost:11434/v1#llama3.1',
    });
  }
  if (provider !== 'openai-compatible') return { provider, id: rest };
  const hash = rest.lastIndexOf('#');
  const baseUrl = rest.slice(0, hash);
  const id = rest.slice(hash + 1);
  if (hash <= 0 || id === '' || !/^https?:\/\//.test(baseUrl)) {
    throw new EndstateError(
      'E_USAGE',
      `${flag} ${text}: an OpenAI-compatible model is openai-compatible:<base-url>#<id>`,
      {
        hint: 'e.g. openai-compatible:http://localhost:8000/v1#Qwen/Qwen2.5-7B-Instruct',
      },
    );
  }
  return { provider, id, base_url: baseUrl };
}

/** `provider:id`, the key of the pricing table and of usage events. */
export function modelKey(ref: ModelRef): string {
  return `${ref.provider}:${ref.id}`;
}
