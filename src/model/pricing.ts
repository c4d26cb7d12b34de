import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { z } from 'zod';
import { EndstateError } from '../core/index.js';
import { PriceSchema } from '../schema/index.js';
import type { Price, PriceSource, RunPricing } from '../schema/index.js';
import { parseYamlSource, readInputFileOrThrow, zodProblems } from '../task/index.js';

export const PricingFileSchema = z.object({
  about: z.string().optional(),
  models: z.record(z.string(), PriceSchema),
});

export type { Price };
export type PricingTable = z.infer<typeof PricingFileSchema>;

/** The tables a run prices its calls with, first match wins: a `--pricing` file, then the shipped table. */
export interface Pricing {
  readonly tables: readonly { readonly source: PriceSource; readonly table: PricingTable }[];
}

/** What a pricing file looks like, for the hints. */
export const PRICING_FILE_EXAMPLE =
  '{"models": {"provider:id": {"input": 2.5, "cached_input": 1.25, "output": 10}}} (USD per million tokens; "provider:*" prices every model of a provider)';

const SHIPPED = new URL('../../pricing.json', import.meta.url).pathname;
/** How runs name the shipped table: the same on every machine. */
export const SHIPPED_NAME = 'endstate/pricing.json';

/**
 * The pricing tables: the one shipped with endstate (`pricing.json` at the
 * package root), with a `--pricing` file (`displayPath` as the user wrote
 * it) before it when given, each with the sha256 of its bytes.
 */
export function loadPricing(file?: { path: string; displayPath: string }): Pricing {
  const shipped = readTable('shipped', SHIPPED, SHIPPED_NAME);
  if (file === undefined) return { tables: [shipped] };
  return { tables: [readTable('file', file.path, file.displayPath), shipped] };
}

function readTable(
  kind: PriceSource['kind'],
  file: string,
  path: string,
): { source: PriceSource; table: PricingTable } {
  if (!existsSync(file)) {
    throw new EndstateError('E_FILE_NOT_FOUND', `pricing file ${path} does not exist`, {
      hint: `Pass --pricing FILE with ${PRICING_FILE_EXAMPLE}.`,
    });
  }
  const bytes = readInputFileOrThrow(file, {
    file: path,
    what: 'pricing file',
    code: 'E_SYNTAX',
    fix: 'a pricing file holds only the models a run calls; leave the others out',
  });
  const source = parseYamlSource(bytes, path);
  const parsed = PricingFileSchema.safeParse(source.value);
  if (source.problems.length > 0 || !parsed.success) {
    throw new EndstateError('E_SYNTAX', `pricing file ${path} is not valid`, {
      problems:
        source.problems.length > 0
          ? source.problems
          : zodProblems(parsed.error?.issues ?? [], source, PricingFileSchema),
      hint: `A pricing file is ${PRICING_FILE_EXAMPLE}.`,
    });
  }
  return {
    source: { kind, path, sha256: createHash('sha256').update(bytes).digest('hex') },
    table: parsed.data,
  };
}

/**
 * The price of `provider:id` (or `provider:*`) in the first table that has
 * one, with that table's path; undefined when none has: the model's cost is
 * then unknown. A model called at another endpoint than its provider's
 * own is keyed `provider:id@base_url` (or `provider:*@base_url`), which
 * the shipped table never names.
 */
export function priceOf(
  pricing: Pricing,
  key: string,
): { readonly price: Price; readonly source: string } | undefined {
  const at = key.indexOf('@http');
  const endpoint = at < 0 ? '' : key.slice(at);
  const wildcard = `${key.slice(0, key.indexOf(':'))}:*${endpoint}`;
  for (const { source, table } of pricing.tables) {
    const price = table.models[key] ?? table.models[wildcard];
    if (price !== undefined) return { price, source: source.path };
  }
  return undefined;
}

/**
 * What a run records of its pricing: the tables read, the price applied to
 * each model called, and why a model was priced as it was (by model key;
 * left out when there is nothing to say).
 */
export function runPricingOf(
  pricing: Pricing,
  models: readonly string[],
  notes: Readonly<Record<string, string>> = {},
): RunPricing {
  const keys = [...new Set(models)].sort();
  const said = keys.filter((model) => notes[model] !== undefined);
  return {
    sources: pricing.tables.map(({ source }) => source),
    models: Object.fromEntries(keys.map((model) => [model, priceOf(pricing, model) ?? null])),
    ...(said.length === 0
      ? {}
      : { notes: Object.fromEntries(said.map((model) => [model, notes[model]!])) }),
  };
}

/**
 * USD for one call: uncached input, cached input and output, each at its
 * rate; null without a price (unknown, never a silent 0).
 */
export function costOf(
  price: Price | undefined,
  usage: {
    readonly input_tokens: number;
    readonly cached_input_tokens: number;
    readonly output_tokens: number;
  },
): number | null {
  if (price === undefined) return null;
  const cached = Math.min(usage.cached_input_tokens, usage.input_tokens);
  return (
    ((usage.input_tokens - cached) * price.input +
      cached * (price.cached_input ?? price.input) +
      usage.output_tokens * price.output) /
    1_000_000
  );
}
