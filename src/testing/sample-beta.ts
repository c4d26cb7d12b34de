import type { Rng } from '../core/index.js';

/** A standard normal draw (Box–Muller; the second value is discarded). */
function sampleNormal(rng: Rng): number {
  const u = 1 - rng.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.next());
}

/**
 * A Gamma(shape, 1) draw, for any shape > 0: Marsaglia and Tsang's
 * squeeze method (ACM TOMS 26, 2000), with shape < 1 boosted to shape + 1
 * and scaled back by U^(1/shape).
 */
export function sampleGamma(rng: Rng, shape: number): number {
  if (shape < 1) return sampleGamma(rng, shape + 1) * (1 - rng.next()) ** (1 / shape);
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    const x = sampleNormal(rng);
    const v = (1 + c * x) ** 3;
    if (v <= 0) continue;
    const u = 1 - rng.next();
    if (Math.log(u) < 0.5 * x * x + d - d * v + d * Math.log(v)) return d * v;
  }
}

/**
 * A Beta(a, b) draw for any a, b > 0, as X/(X + Y) of two Gamma draws: the
 * task rates of simulated suites, for coverage and power simulations.
 *
 * @example
 * sampleBeta(createRng(1), 0.3, 0.3); // a rate near 0 or 1, most of the time
 */
export function sampleBeta(rng: Rng, a: number, b: number): number {
  const x = sampleGamma(rng, a);
  const y = sampleGamma(rng, b);
  // Both draws underflow to 0 for tiny shapes; the rate is then 0 or 1 with odds a : b.
  if (x + y === 0) return rng.next() < a / (a + b) ? 1 : 0;
  return x / (x + y);
}
