import type { Rng } from '../core/index.js';

/** One system's true per-task success rates: π = 1/(1 + e^(−(location + scale·Z))), Z standard normal. */
export interface LogitNormalRates {
  readonly location: number;
  readonly scale: number;
}

export interface CorrelatedTaskRatesOptions {
  /** The two systems' mean rates over tasks, each in (0, 1). */
  readonly rates: readonly [number, number];
  /** r: each system's rates vary over tasks with variance r·p(1 − p); in [0, 1). */
  readonly icc: number;
  /** ρ: the correlation over tasks of the two systems' rates, in [0, 1]. */
  readonly correlation: number;
}

export interface CorrelatedTaskRates {
  readonly margins: readonly [LogitNormalRates, LogitNormalRates];
  /** The correlation of the two latent normals that gives the rates correlation ρ. */
  readonly latentCorrelation: number;
  /** One task's true rates for the two systems. */
  sample(rng: Rng): [number, number];
}

/**
 * A model of paired suites for power simulations: task t has true rates
 * (π_At, π_Bt) for two systems, each logit-normal (the logit of the rate is
 * normal over tasks), with the latent normals correlated. Location and
 * scale are solved so that each system's rates have exactly the mean p
 * and the variance r·p(1 − p) asked for (an intra-task correlation r of
 * its trial outcomes), and the latent correlation so that the rates
 * themselves correlate ρ. The moments are computed by quadrature on a
 * fine grid and solved by bisection; a simulation test checks them.
 *
 * Two logit-normal margins of different shapes cannot correlate
 * perfectly: a ρ above what a latent correlation of 1 gives throws a
 * RangeError, as does r ≥ 1 (rates of exactly 0 and 1 only).
 *
 * @example
 * const model = correlatedTaskRates({ rates: [0.5, 0.6], icc: 0.3, correlation: 0.8 });
 * const [rateA, rateB] = model.sample(createRng(1));
 */
export function correlatedTaskRates(options: CorrelatedTaskRatesOptions): CorrelatedTaskRates {
  const { rates, icc, correlation } = options;
  if (!(icc >= 0 && icc < 1) || !(correlation >= 0 && correlation <= 1)) {
    throw new RangeError(`need 0 ≤ r < 1 and 0 ≤ ρ ≤ 1, got r = ${icc}, ρ = ${correlation}`);
  }
  const margins = [solveMargin(rates[0], icc), solveMargin(rates[1], icc)] as const;
  const latentCorrelation =
    icc === 0 || correlation === 0 ? 0 : solveLatentCorrelation(margins, correlation);
  const spread = Math.sqrt(1 - latentCorrelation ** 2);
  return {
    margins,
    latentCorrelation,
    sample: (rng) => {
      const first = standardNormal(rng);
      const second = latentCorrelation * first + spread * standardNormal(rng);
      return [rateAt(margins[0], first), rateAt(margins[1], second)];
    },
  };
}

/** Quadrature nodes over ±8 standard deviations, with normal weights that sum to 1. */
const NODES = Array.from({ length: 321 }, (_, index) => -8 + index * 0.05);
const WEIGHTS = normalise(NODES.map((z) => Math.exp((-z * z) / 2)));
/** A coarser grid for the double integral of the correlation (the integrand is as smooth). */
const COARSE_NODES = Array.from({ length: 161 }, (_, index) => -8 + index * 0.1);
const COARSE_WEIGHTS = normalise(COARSE_NODES.map((z) => Math.exp((-z * z) / 2)));
const BISECTION_STEPS = 60;

function normalise(values: readonly number[]): number[] {
  const total = values.reduce((sum, value) => sum + value, 0);
  return values.map((value) => value / total);
}

const rateAt = (margin: LogitNormalRates, z: number): number =>
  1 / (1 + Math.exp(-(margin.location + margin.scale * z)));

/** E[g(π)] for one margin, by quadrature. */
function expectation(margin: LogitNormalRates, g: (rate: number) => number): number {
  let total = 0;
  NODES.forEach((z, index) => (total += (WEIGHTS[index] ?? 0) * g(rateAt(margin, z))));
  return total;
}

/** The x in [low, high] where an increasing f crosses 0. */
function bisect(f: (x: number) => number, low: number, high: number): number {
  let [a, b] = [low, high];
  for (let step = 0; step < BISECTION_STEPS; step += 1) {
    const middle = (a + b) / 2;
    if (f(middle) < 0) a = middle;
    else b = middle;
  }
  return (a + b) / 2;
}

/** Location and scale with mean p and variance r·p(1 − p). */
function solveMargin(mean: number, icc: number): LogitNormalRates {
  if (!(mean > 0 && mean < 1)) throw new RangeError(`a mean rate must be in (0, 1), got ${mean}`);
  const locationFor = (scale: number): number =>
    bisect((location) => expectation({ location, scale }, (rate) => rate) - mean, -60, 60);
  if (icc === 0) return { location: locationFor(0), scale: 0 };
  const target = icc * mean * (1 - mean);
  const varianceAt = (scale: number): number => {
    const margin = { location: locationFor(scale), scale };
    return expectation(margin, (rate) => (rate - mean) ** 2);
  };
  if (varianceAt(30) < target) throw new RangeError(`r = ${icc} is beyond this model's reach`);
  const scale = bisect((value) => varianceAt(value) - target, 0, 30);
  return { location: locationFor(scale), scale };
}

/** The correlation of the two rates when the latent normals correlate λ. */
function rateCorrelation(
  margins: readonly [LogitNormalRates, LogitNormalRates],
  latent: number,
): number {
  const [a, b] = margins;
  const spread = Math.sqrt(Math.max(0, 1 - latent ** 2));
  const meanA = expectation(a, (rate) => rate);
  const meanB = expectation(b, (rate) => rate);
  let covariance = 0;
  COARSE_NODES.forEach((first, i) => {
    let inner = 0;
    COARSE_NODES.forEach((second, j) => {
      inner += (COARSE_WEIGHTS[j] ?? 0) * (rateAt(b, latent * first + spread * second) - meanB);
    });
    covariance += (COARSE_WEIGHTS[i] ?? 0) * (rateAt(a, first) - meanA) * inner;
  });
  const varianceA = expectation(a, (rate) => (rate - meanA) ** 2);
  const varianceB = expectation(b, (rate) => (rate - meanB) ** 2);
  return covariance / Math.sqrt(varianceA * varianceB);
}

function solveLatentCorrelation(
  margins: readonly [LogitNormalRates, LogitNormalRates],
  correlation: number,
): number {
  const highest = rateCorrelation(margins, 1);
  if (highest < correlation) {
    throw new RangeError(
      `ρ = ${correlation} is beyond these margins: their rates correlate at most ${highest.toFixed(3)}`,
    );
  }
  return bisect((latent) => rateCorrelation(margins, latent) - correlation, 0, 1);
}

/** A standard normal draw (Box–Muller). */
function standardNormal(rng: Rng): number {
  const u = 1 - rng.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.next());
}
