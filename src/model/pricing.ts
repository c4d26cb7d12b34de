import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { EndstateError } from '../core/index.js';
import { parseYamlSource, zodProblems } from '../task/index.js';

const PriceSchema = z.strictObject({
  input: z.number().nonnegative(),
  cached_input: z.number().nonnegative().optional(),
  output: z.number().nonnegative(),
});

export const PricingFileSchema = z.object({
  about: z.string().optional(),
  models: z.record(z.string(), PriceSchema),
});

/** USD per million tokens. */
export type Price = z.infer<typeof PriceSchema>;
export type PricingTable = z.infer<typeof PricingFileSchema>;

/** The table shipped with endstate (`pricing.json` at the package root). */
export function loadPricing(path?: string): PricingTable {
  const file = path ?? new URL('../../pricing.json', import.meta.url).pathname;
  if (!existsSync(file)) {
    throw new EndstateError('E_FILE_NOT_FOUND', `pricing file ${file} does not exist`, {
      hint: 'Pass --pricing FILE with {"models": {"provider:id": {"input": USD per 1M tokens, "output": ...}}}.',
    });
  }
  const source = parseYamlSource(readFileSync(file), file);
  const parsed = PricingFileSchema.safeParse(source.value);
  if (source.problems.length > 0 || !parsed.success) {
    throw new EndstateError('E_SYNTAX', `pricing file ${file} is not valid`, {
      problems:
        source.problems.length > 0
          ? source.problems
          : zodProblems(parsed.error?.issues ?? [], source),
    });
  }
  return parsed.data;
}

/** The price of `provider:id`, or of `provider:*`; undefined when the table has neither. */
export function priceOf(table: PricingTable, key: string): Price | undefined {
  return table.models[key] ?? table.models[`${key.slice(0, key.indexOf(':'))}:*`];
}

/** USD for one call: uncached input, cached input and output, each at its rate. */
export function costOf(
  price: Price,
  usage: {
    readonly input_tokens: number;
    readonly cached_input_tokens: number;
    readonly output_tokens: number;
  },
): number {
  const cached = Math.min(usage.cached_input_tokens, usage.input_tokens);
  return (
    ((usage.input_tokens - cached) * price.input +
      cached * (price.cached_input ?? price.input) +
      usage.output_tokens * price.output) /
    1_000_000
  );
}
