import { createRequire } from 'node:module';
import type betaQuantile from '@stdlib/stats-base-dists-beta-quantile';
import type normalQuantile from '@stdlib/stats-base-dists-normal-quantile';

/*
 * @stdlib's quantile functions, loaded on first use: each is hundreds of
 * small CommonJS modules, and every program that imports `endstate` (a
 * suite's environment does) would otherwise load them at startup, long
 * before a scorecard needs one.
 */
const require = createRequire(import.meta.url);

let beta: typeof betaQuantile | undefined;
let normal: typeof normalQuantile | undefined;

/** The p-quantile of the Beta(a, b) distribution (@stdlib/stats-base-dists-beta-quantile). */
export function quantileOfBeta(p: number, a: number, b: number): number {
  beta ??= require('@stdlib/stats-base-dists-beta-quantile') as typeof betaQuantile;
  return beta(p, a, b);
}

/** The p-quantile of the Normal(mu, sigma) distribution (@stdlib/stats-base-dists-normal-quantile). */
export function quantileOfNormal(p: number, mu: number, sigma: number): number {
  normal ??= require('@stdlib/stats-base-dists-normal-quantile') as typeof normalQuantile;
  return normal(p, mu, sigma);
}
