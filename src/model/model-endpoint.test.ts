import { describe, expect, it } from 'vitest';
import { EndstateError } from '../core/index.js';
import { baseUrlOf, foreignEndpointOf, pricingKeyOf, withEndpoint } from './model-endpoint.js';
import type { ModelRef } from './model-ref.js';

const mini: ModelRef = { provider: 'openai', id: 'gpt-4o-mini' };
const sonnet: ModelRef = { provider: 'anthropic', id: 'claude-sonnet-4-0' };

describe('withEndpoint', () => {
  it('reads OPENAI_BASE_URL and ANTHROPIC_BASE_URL as the provider libraries do, without a trailing slash', () => {
    expect(withEndpoint(mini, { OPENAI_BASE_URL: 'http://127.0.0.1:8080/v1/' })).toEqual({
      ...mini,
      base_url: 'http://127.0.0.1:8080/v1',
    });
    expect(withEndpoint(sonnet, { ANTHROPIC_BASE_URL: 'https://proxy.example/anthropic' })).toEqual(
      { ...sonnet, base_url: 'https://proxy.example/anthropic' },
    );
    // Each provider reads its own variable only.
    expect(withEndpoint(sonnet, { OPENAI_BASE_URL: 'http://127.0.0.1:8080/v1' })).toEqual(sonnet);
  });

  it("leaves the provider's own endpoint out of the reference, however it is written", () => {
    expect(withEndpoint(mini, {})).toEqual(mini);
    expect(withEndpoint(mini, { OPENAI_BASE_URL: '' })).toEqual(mini);
    expect(withEndpoint(mini, { OPENAI_BASE_URL: 'https://api.openai.com/v1/' })).toEqual(mini);
    expect(withEndpoint(sonnet, { ANTHROPIC_BASE_URL: 'https://api.anthropic.com' })).toEqual(
      sonnet,
    );
    expect(withEndpoint({ ...mini, base_url: 'https://api.openai.com/v1' }, {})).toEqual(mini);
  });

  it("prefers the reference's own base URL to the environment's", () => {
    const given = { ...mini, base_url: 'http://10.0.0.2:9000/v1' };
    expect(withEndpoint(given, { OPENAI_BASE_URL: 'http://127.0.0.1:8080/v1' })).toEqual(given);
  });

  it('leaves an OpenAI-compatible reference as it is: its URL is part of it', () => {
    const local: ModelRef = {
      provider: 'openai-compatible',
      id: 'llama',
      base_url: 'http://localhost:11434/v1',
    };
    expect(withEndpoint(local, { OPENAI_BASE_URL: 'http://127.0.0.1:8080/v1' })).toEqual(local);
    expect(foreignEndpointOf(local)).toBeUndefined();
    expect(pricingKeyOf(local)).toBe('openai-compatible:llama');
  });

  it('refuses a base URL that is not http(s), naming the variable', () => {
    const call = () => withEndpoint(mini, { OPENAI_BASE_URL: 'localhost:8080' });
    expect(call).toThrow(EndstateError);
    expect(call).toThrow(/^OPENAI_BASE_URL is "localhost:8080": expected an http\(s\) URL\n/);
  });
});

describe('the endpoint a model is called at', () => {
  it("is the provider's own without a base URL, and its list price applies there", () => {
    expect(baseUrlOf(mini)).toBe('https://api.openai.com/v1');
    expect(baseUrlOf(sonnet)).toBe('https://api.anthropic.com/v1');
    expect(foreignEndpointOf(mini)).toBeUndefined();
    expect(pricingKeyOf(mini)).toBe('openai:gpt-4o-mini');
  });

  it('is the base URL otherwise, priced under its own key and said to be no provider endpoint', () => {
    const proxied = withEndpoint(mini, { OPENAI_BASE_URL: 'http://127.0.0.1:8080/v1' });
    expect(baseUrlOf(proxied)).toBe('http://127.0.0.1:8080/v1');
    expect(pricingKeyOf(proxied)).toBe('openai:gpt-4o-mini@http://127.0.0.1:8080/v1');
    expect(foreignEndpointOf(proxied)?.note).toBe(
      "calls went to http://127.0.0.1:8080/v1, not OpenAI's endpoint: its list price does not apply",
    );
  });
});
