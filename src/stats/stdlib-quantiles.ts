import { createRequire } from 'node:module';
import type betaQuantile from '@stdlib/stats-base-dists-beta-quantile';
import type normalQuantile from '@stdlib/stats-base-dists-normal-quantile';

/*
 * @stdlib's quantile functions, loaded on first use. Each package is
 * hundreds of small CommonJS modules: the build bundles the two into
 * stdlib-quantiles.cjs beside this file (scripts/stdlib-quantiles-entry.mjs),
 * one file that loads in a fraction of the time, and the package ships
 * that bundle instead of depending on @stdlib. Run from the sources (tests,
 * tsx), there is no bundle and the packages themselves are loaded.
 */
const require = createRequire(import.meta.url);

interface Quantiles {
  readonly beta: typeof betaQuantile;
  readonly normal: typeof normalQuantile;
}

let quantiles: Quantiles | undefined;

function load(): Quantiles {
  if (quantiles !== undefined) return quantiles;
  try {
    quantiles = require('./stdlib-quantiles.cjs') as Quantiles;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND') throw error;
    quantiles = {
      beta: require('@stdlib/stats-base-dists-beta-quantile') as typeof betaQuantile,
      normal: require('@stdlib/stats-base-dists-normal-quantile') as typeof normalQuantile,
    };
  }
  return quantiles;
}

/** The p-quantile of the Beta(a, b) distribution (@stdlib/stats-base-dists-beta-quantile). */
export function quantileOfBeta(p: number, a: number, b: number): number {
  return load().beta(p, a, b);
}

/** The p-quantile of the Normal(mu, sigma) distribution (@stdlib/stats-base-dists-normal-quantile). */
export function quantileOfNormal(p: number, mu: number, sigma: number): number {
  return load().normal(p, mu, sigma);
}
