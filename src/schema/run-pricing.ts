import { z } from 'zod';

/** USD per million tokens; `cached_input` applies to input tokens served from the provider's cache. */
export const PriceSchema = z.strictObject({
  input: z.number().nonnegative(),
  cached_input: z.number().nonnegative().optional(),
  output: z.number().nonnegative(),
});
export type Price = z.infer<typeof PriceSchema>;

/** One table of prices a run read: the one shipped with endstate, or a `--pricing` file. */
export const PriceSourceSchema = z.object({
  kind: z.enum(['shipped', 'file']),
  /** `endstate/pricing.json` for the shipped table; a file as given to `--pricing`. */
  path: z.string(),
  /** sha256 of the file's bytes, so a changed table is told apart from the one the run used. */
  sha256: z.string(),
});
export type PriceSource = z.infer<typeof PriceSourceSchema>;

/**
 * The prices a run applied: every table it read, and for each model it
 * called (`provider:id`) the price and the table it came from, or null when
 * no table priced it (its cost is then unknown, its tokens still counted).
 */
export const RunPricingSchema = z.object({
  sources: z.array(PriceSourceSchema),
  models: z.record(z.string(), z.object({ price: PriceSchema, source: z.string() }).nullable()),
  /**
   * Why a model was priced as it was, by model key: a model called at
   * another endpoint than its provider's own (`provider:id@base_url`) is
   * not priced at the provider's list price. Absent when there is nothing to say.
   */
  notes: z.record(z.string(), z.string()).optional(),
});
export type RunPricing = z.infer<typeof RunPricingSchema>;
