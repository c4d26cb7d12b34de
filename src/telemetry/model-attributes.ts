import type { JsonObject } from '../core/index.js';
import type { SystemSpec } from '../schema/index.js';
import { GEN_AI, STABLE } from './span-attributes.js';
import type { SpanAttributeValue } from './planned-span.js';

/** endstate's providers under their GenAI names where the conventions have one. */
const PROVIDER_NAMES: Readonly<Record<string, string>> = {
  openai: 'openai',
  anthropic: 'anthropic',
};

/**
 * `provider:id` (how usage events name a model) as `gen_ai.provider.name`
 * and `gen_ai.request.model`. A provider the conventions do not list (an
 * OpenAI-compatible server) keeps endstate's name for it.
 */
export function modelAttributes(model: string): Record<string, SpanAttributeValue> {
  const colon = model.indexOf(':');
  if (colon <= 0) return { [GEN_AI.requestModel]: model };
  const provider = model.slice(0, colon);
  return {
    [GEN_AI.providerName]: PROVIDER_NAMES[provider] ?? provider,
    [GEN_AI.requestModel]: model.slice(colon + 1),
  };
}

/**
 * What the system spec says of the requests to a model: its decoding
 * settings and, for an OpenAI-compatible server, its address. Keyed by
 * `provider:id`, for the agent's model and the simulated user's.
 */
export function requestSettingsOf(
  system: SystemSpec | undefined,
): ReadonlyMap<string, Record<string, SpanAttributeValue>> {
  const settings = new Map<string, Record<string, SpanAttributeValue>>();
  for (const model of [system?.model, system?.user.model]) {
    if (model === null || model === undefined) continue;
    const { provider, id } = model;
    if (typeof provider !== 'string' || typeof id !== 'string') continue;
    const key = `${provider}:${id}`;
    if (!settings.has(key)) settings.set(key, settingsOf(model));
  }
  return settings;
}

function settingsOf(model: JsonObject): Record<string, SpanAttributeValue> {
  const attributes: Record<string, SpanAttributeValue> = {};
  const numbers: [string, string][] = [
    ['temperature', GEN_AI.requestTemperature],
    ['top_p', GEN_AI.requestTopP],
    ['max_output_tokens', GEN_AI.requestMaxTokens],
    ['seed', GEN_AI.requestSeed],
  ];
  for (const [field, name] of numbers) {
    const value = model[field];
    if (typeof value === 'number') attributes[name] = value;
  }
  if (typeof model.base_url === 'string') Object.assign(attributes, serverOf(model.base_url));
  return attributes;
}

function serverOf(baseUrl: string): Record<string, SpanAttributeValue> {
  // A base URL that does not parse was refused when the run started; a stored one says nothing here.
  if (!URL.canParse(baseUrl)) return {};
  const url = new URL(baseUrl);
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  return { [STABLE.serverAddress]: url.hostname, [STABLE.serverPort]: port };
}
