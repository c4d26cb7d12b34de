import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pricingKeyOf } from './model-endpoint.js';
import { costOf, loadPricing, priceOf, runPricingOf } from './pricing.js';

/** A pricing file and its sha256 as `sha256sum` prints it (computed outside the code under test). */
const FILE_TEXT =
  '{"models": {"openai-compatible:local": {"input": 1, "output": 2}, "openai:gpt-4o": {"input": 9, "output": 9}}}\n';
const FILE_SHA256 = 'ab9695b1b79e8aacd4991e2e41f8f3e399450f20c92c61f2254a66fd4424b409';

function pricingFile(text = FILE_TEXT): string {
  const path = join(mkdtempSync(join(tmpdir(), 'endstate-pricing-')), 'prices.json');
  writeFileSync(path, text);
  return path;
}

const tokens = { input_tokens: 1_000_000, cached_input_tokens: 0, output_tokens: 1_000_000 };

describe('pricing', () => {
  it('leaves a model no table prices unpriced, openai-compatible ones included: its cost is unknown, not $0', () => {
    const shipped = loadPricing();
    expect(priceOf(shipped, 'openai-compatible:llama')).toBeUndefined();
    expect(priceOf(shipped, 'anthropic:claude-9')).toBeUndefined();
    expect(costOf(undefined, tokens)).toBeNull();
    expect(costOf({ input: 2.5, output: 10 }, tokens)).toBe(12.5);
  });

  it('reads a --pricing file before the shipped table, and records each with the sha256 of its bytes', () => {
    const pricing = loadPricing({ path: pricingFile(), displayPath: 'prices.json' });
    expect(pricing.tables.map((table) => table.source)).toEqual([
      { kind: 'file', path: 'prices.json', sha256: FILE_SHA256 },
      {
        kind: 'shipped',
        path: 'endstate/pricing.json',
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
    ]);
    // The file's price wins over the shipped one; a model only the shipped table has keeps its price.
    expect(priceOf(pricing, 'openai:gpt-4o')).toEqual({
      price: { input: 9, output: 9 },
      source: 'prices.json',
    });
    expect(priceOf(pricing, 'openai:gpt-4o-mini')).toEqual({
      price: { input: 0.15, cached_input: 0.075, output: 0.6 },
      source: 'endstate/pricing.json',
    });
  });

  it('records the price applied to each model called, null for an unpriced one', () => {
    const pricing = loadPricing({ path: pricingFile(), displayPath: 'prices.json' });
    const recorded = runPricingOf(pricing, [
      'openai-compatible:other',
      'openai-compatible:local',
      'openai-compatible:local',
    ]);
    expect(recorded.models).toEqual({
      'openai-compatible:local': { price: { input: 1, output: 2 }, source: 'prices.json' },
      'openai-compatible:other': null,
    });
    expect(recorded.sources).toHaveLength(2);
  });

  it('refuses a pricing file that does not fit, naming the file and the format', () => {
    const path = pricingFile('{"models": {"openai:x": {"input": -1, "output": 2}}}');
    expect(() => loadPricing({ path, displayPath: 'bad.json' })).toThrow(
      /^pricing file bad\.json is not valid\n\s*bad\.json:1:26 models\.openai:x\.input: Too small/,
    );
    expect(() => loadPricing({ path, displayPath: 'bad.json' })).toThrow(
      expect.objectContaining({
        code: 'E_SYNTAX',
        hint: expect.stringContaining('USD per million tokens') as unknown,
      }),
    );
    expect(() => loadPricing({ path: `${path}.missing`, displayPath: 'gone.json' })).toThrow(
      'pricing file gone.json does not exist',
    );
  });

  it("never applies the list price to a model called at another endpoint than its provider's own", () => {
    const url = 'http://127.0.0.1:8080/v1';
    const proxied = pricingKeyOf({ provider: 'openai', id: 'gpt-4o-mini', base_url: url });
    const shipped = loadPricing();
    // The shipped table prices the model at OpenAI's endpoint, and not elsewhere.
    expect(priceOf(shipped, 'openai:gpt-4o-mini')).toBeDefined();
    expect(priceOf(shipped, proxied)).toBeUndefined();
    // A pricing file's `openai:*` is for OpenAI's endpoint; only a key naming the endpoint prices it.
    const wildcard = loadPricing({
      path: pricingFile('{"models": {"openai:*": {"input": 1, "output": 1}}}'),
      displayPath: 'wildcard.json',
    });
    expect(priceOf(wildcard, proxied)).toBeUndefined();
    const named = loadPricing({
      path: pricingFile(
        `{"models": {"openai:*@${url}": {"input": 0, "output": 0}, "${proxied}": {"input": 3, "output": 4}}}`,
      ),
      displayPath: 'proxy.json',
    });
    expect(priceOf(named, proxied)).toEqual({
      price: { input: 3, output: 4 },
      source: 'proxy.json',
    });
    expect(
      priceOf(named, pricingKeyOf({ provider: 'openai', id: 'gpt-4o', base_url: url })),
    ).toEqual({ price: { input: 0, output: 0 }, source: 'proxy.json' });
    // The run records why, beside the null price.
    const note = `calls went to ${url}, not OpenAI's endpoint`;
    const recorded = runPricingOf(shipped, [proxied, 'openai:gpt-4o'], { [proxied]: note });
    expect(recorded.models[proxied]).toBeNull();
    expect(recorded.notes).toEqual({ [proxied]: note });
    expect('notes' in runPricingOf(shipped, ['openai:gpt-4o'])).toBe(false);
  });
});
