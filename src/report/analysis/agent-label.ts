import type { SystemSpec } from '../../schema/index.js';

/**
 * The agent as reports name it: `kind:name@version`, and for a hosted
 * provider's model called at another endpoint than the provider's own (its
 * spec's `base_url`), ` via` that URL, so such a run is not taken for one
 * against the provider. An OpenAI-compatible server's URL is part of its
 * model reference and is not repeated.
 */
export function agentLabel(
  system: SystemSpec,
  options: { readonly version?: boolean } = {},
): string {
  const { agent, model } = system;
  const name = `${agent.kind}:${agent.name}${options.version === false ? '' : `@${agent.version}`}`;
  const hosted = model?.['provider'] === 'openai' || model?.['provider'] === 'anthropic';
  const baseUrl = model?.['base_url'];
  return agent.kind === 'llm' && hosted && typeof baseUrl === 'string'
    ? `${name} via ${baseUrl}`
    : name;
}
