import { EndstateError } from '../core/index.js';
import type { ModelRef, Provider } from './model-ref.js';

/** The provider's own endpoint, where its list prices apply (the provider library's default). */
export const PROVIDER_BASE_URLS = {
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com/v1',
} as const;

/** The environment variables the provider libraries read a base URL from. */
export const BASE_URL_VARIABLES = {
  openai: 'OPENAI_BASE_URL',
  anthropic: 'ANTHROPIC_BASE_URL',
} as const;

/** How a provider is named in notes about its endpoint. */
const PROVIDER_NAMES = { openai: 'OpenAI', anthropic: 'Anthropic' } as const;

type HostedProvider = keyof typeof PROVIDER_BASE_URLS;

function isHosted(provider: Provider): provider is HostedProvider {
  return provider !== 'openai-compatible';
}

/** A base URL as the provider library uses it: no trailing slash; Anthropic's bare host means its `/v1`. */
function normalized(provider: HostedProvider, url: string): string {
  const trimmed = url.replace(/\/$/, '');
  return provider === 'anthropic' && trimmed === 'https://api.anthropic.com'
    ? PROVIDER_BASE_URLS.anthropic
    : trimmed;
}

/**
 * The model reference with its endpoint resolved, as the provider library
 * would: the reference's own `base_url` (an option), else the provider's
 * variable (`OPENAI_BASE_URL`, `ANTHROPIC_BASE_URL`), else the provider's
 * own endpoint. The provider's own endpoint is left out of the reference,
 * so a system spec naming it hashes as before; any other is kept as
 * `base_url`, and so enters the system hash.
 *
 * @throws EndstateError `E_USAGE` when the base URL is not an http(s) URL, naming where it came from
 */
export function withEndpoint(
  ref: ModelRef,
  env: Readonly<Record<string, string | undefined>>,
  flag = '--model',
): ModelRef {
  if (!isHosted(ref.provider)) return ref;
  const variable = BASE_URL_VARIABLES[ref.provider];
  const fromEnv = env[variable] === '' ? undefined : env[variable];
  const given = ref.base_url ?? fromEnv;
  const { base_url: _dropped, ...rest } = ref;
  if (given === undefined) return rest;
  if (!/^https?:\/\/[^/]/.test(given)) {
    const source = ref.base_url === undefined ? variable : `the base URL of ${flag}`;
    throw new EndstateError(
      'E_USAGE',
      `${source} is ${JSON.stringify(given)}: expected an http(s) URL`,
      {
        hint: `e.g. ${variable}=http://127.0.0.1:8080/v1, or unset ${variable} for ${PROVIDER_BASE_URLS[ref.provider]}`,
      },
    );
  }
  const url = normalized(ref.provider, given);
  return url === PROVIDER_BASE_URLS[ref.provider] ? rest : { ...rest, base_url: url };
}

/** The URL a model's calls go to: its `base_url`, else its provider's own endpoint. */
export function baseUrlOf(ref: ModelRef): string {
  if (ref.base_url !== undefined) {
    return isHosted(ref.provider) ? normalized(ref.provider, ref.base_url) : ref.base_url;
  }
  if (!isHosted(ref.provider)) {
    throw new EndstateError('E_USAGE', `model openai-compatible:${ref.id} has no base URL`, {
      hint: 'e.g. openai-compatible:http://localhost:8000/v1#Qwen/Qwen2.5-7B-Instruct',
    });
  }
  return PROVIDER_BASE_URLS[ref.provider];
}

/**
 * A hosted provider's model called somewhere else (a proxy, a fake
 * server): the URL, and why its list price does not apply. Undefined at
 * the provider's own endpoint, and for OpenAI-compatible servers (which
 * have no list price).
 */
export function foreignEndpointOf(
  ref: ModelRef,
): { readonly url: string; readonly note: string } | undefined {
  if (!isHosted(ref.provider)) return undefined;
  const url = baseUrlOf(ref);
  if (url === PROVIDER_BASE_URLS[ref.provider]) return undefined;
  return {
    url,
    note: `calls went to ${url}, not ${PROVIDER_NAMES[ref.provider]}'s endpoint: its list price does not apply`,
  };
}

/**
 * The key a model's price is looked up by: `provider:id` at the provider's
 * own endpoint (and for OpenAI-compatible servers), `provider:id@base_url`
 * at any other, which only a `--pricing` file naming that key prices.
 */
export function pricingKeyOf(ref: ModelRef): string {
  const foreign = foreignEndpointOf(ref);
  const key = `${ref.provider}:${ref.id}`;
  return foreign === undefined ? key : `${key}@${foreign.url}`;
}
