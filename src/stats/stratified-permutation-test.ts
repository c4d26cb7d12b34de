import { createRng } from '../core/index.js';
import { hypergeometricProbabilities } from './hypergeometric-probabilities.js';
import type { HypergeometricProbabilities } from './hypergeometric-probabilities.js';

/** One stratum (a task) of two-sided binary trials: A's and B's successes over their trials. */
export interface StratumCounts {
  readonly successesA: number;
  readonly trialsA: number;
  readonly successesB: number;
  readonly trialsB: number;
}

export interface StratifiedPermutationOptions {
  /** Each stratum's weight in the mean difference (> 0); default every stratum the same. */
  readonly weights?: readonly number[];
  /** Seed of the Monte Carlo draws (used only when the exact distribution is too large). */
  readonly seed: number;
  /** Draws when the exact distribution is too large; default 100 000. */
  readonly resamples?: number;
}

/** How the p-values were obtained: the whole null distribution, or a seeded sample of it. */
export type StratifiedPermutationMethod = 'exact' | 'monte-carlo';

export interface StratifiedPermutationTest {
  /** The statistic: Σ p_i·(c_Bi/n_Bi − c_Ai/n_Ai), shares p_i = w_i / Σ w (0 under the null, on average). */
  readonly difference: number;
  /** Two-sided p: the null probability of a |difference| at least the observed one. */
  readonly p: number;
  /** One-sided p of "B is worse": the null probability of a difference at most the observed one. */
  readonly pWorse: number;
  /** One-sided p of "B is better": the null probability of a difference at least the observed one. */
  readonly pBetter: number;
  readonly method: StratifiedPermutationMethod;
  /** Distinct values of the statistic under the null (exact), or the draws (Monte Carlo). */
  readonly support: number;
}

/** Past this many distinct values of the statistic, the null distribution is sampled instead. */
const MAX_SUPPORT = 200_000;
const DEFAULT_RESAMPLES = 100_000;
/** The statistic is kept as a whole number of these (far finer than any 1/trials). */
const QUANTUM = 1e-10;

/** P(c_B = x) for x from `low`: c_B of B's trials among the stratum's pooled successes. */
export function stratumNull(stratum: StratumCounts): HypergeometricProbabilities {
  return hypergeometricProbabilities({
    population: stratum.trialsA + stratum.trialsB,
    successes: stratum.successesA + stratum.successesB,
    draws: stratum.trialsB,
  });
}

/** Stratum i's term of the statistic, in quanta, when B has x of its pooled successes. */
function termOf(stratum: StratumCounts, share: number, x: number): number {
  const successes = stratum.successesA + stratum.successesB;
  const value = share * (x / stratum.trialsB - (successes - x) / stratum.trialsA);
  return Math.round(value / QUANTUM);
}

function isValidStratum(stratum: StratumCounts): boolean {
  const counts = [stratum.successesA, stratum.trialsA, stratum.successesB, stratum.trialsB];
  return (
    counts.every(Number.isInteger) &&
    stratum.trialsA > 0 &&
    stratum.trialsB > 0 &&
    stratum.successesA >= 0 &&
    stratum.successesB >= 0 &&
    stratum.successesA <= stratum.trialsA &&
    stratum.successesB <= stratum.trialsB
  );
}

/**
 * An exact stratified permutation test of "within every stratum, A's and
 * B's trials share one success rate", conditional on these strata: the
 * inference is about the tasks in hand, not the population they were
 * drawn from. Under that null, given a stratum's pooled successes, which of
 * its n_A + n_B trials carry them is a random draw, so B's count c_Bi is
 * hypergeometric and independent across strata. The statistic is the
 * (weighted) mean of the strata's rate differences, D = Σ p_i·(c_Bi/n_Bi −
 * c_Ai/n_Ai), whose null mean is 0; its exact null distribution is the
 * convolution of the strata's hypergeometric terms, and the p-values are
 * its tails at the observed D (ties within 1e−10·strata included).
 *
 * With one stratum it is Fisher's exact test (two-sided by |D|). With
 * equal weights and equal trials per side, D is a linear function of
 * Σ c_Bi, and the test is the exact conditional test of a common odds
 * ratio of 1 (the exact form of the Cochran–Mantel–Haenszel test; Birch
 * 1964). It needs no spread between strata, so m strata that all move
 * one way can reach significance when a test over strata as a sample
 * (sign-flip: p ≥ 2/2^m) cannot.
 *
 * Past {@link MAX_SUPPORT} distinct values of D the null distribution is
 * sampled: `resamples` seeded draws of every stratum's count, with
 * (1 + hits)/(1 + resamples) (Phipson and Smyth 2010). Invalid counts
 * (a stratum without trials on a side, successes outside [0, trials]) or
 * no strata give NaN p-values.
 *
 * Hand-worked example: one stratum, A 8/8 and B 0/8. The 8 successes of
 * 16 trials fall all on A's side in 1 of C(16, 8) = 12 870 equally likely
 * ways, so pWorse = 1/12 870 = 7.77e−5 and, with the mirror case, p =
 * 2/12 870 = 1.55e−4 (Fisher's exact test gives the same).
 *
 * @example
 * stratifiedPermutationTest([{ successesA: 8, trialsA: 8, successesB: 0, trialsB: 8 }], { seed: 0 });
 * // { difference: -1, p: 0.000155…, pWorse: 0.0000777…, pBetter: 1, method: 'exact', support: 9 }
 */
export function stratifiedPermutationTest(
  strata: readonly StratumCounts[],
  options: StratifiedPermutationOptions,
): StratifiedPermutationTest {
  const weights = options.weights ?? strata.map(() => 1);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const shares = weights.map((weight) => weight / total);
  const difference = strata.reduce(
    (sum, s, i) =>
      sum + (shares[i] ?? Number.NaN) * (s.successesB / s.trialsB - s.successesA / s.trialsA),
    0,
  );
  const isValid =
    strata.length > 0 &&
    weights.length === strata.length &&
    weights.every((weight) => weight > 0 && Number.isFinite(weight)) &&
    strata.every(isValidStratum);
  if (!isValid) {
    const nan = Number.NaN;
    return { difference, p: nan, pWorse: nan, pBetter: nan, method: 'exact', support: 0 };
  }
  const terms = strata.map((stratum, i) => {
    const { low, probabilities } = stratumNull(stratum);
    const values = probabilities.map((_, offset) => termOf(stratum, shares[i]!, low + offset));
    const observed = termOf(stratum, shares[i]!, stratum.successesB);
    return { values, probabilities, observed };
  });
  const observed = terms.reduce((sum, term) => sum + term.observed, 0);
  // Rounding each term to a quantum can move a sum by up to half a quantum a term.
  const slack = strata.length;
  const tails = (values: ArrayLike<number>, weightOf: (index: number) => number) => {
    let worse = 0;
    let better = 0;
    let extreme = 0;
    for (let index = 0; index < values.length; index += 1) {
      const value = values[index]!;
      const weight = weightOf(index);
      if (value <= observed + slack) worse += weight;
      if (value >= observed - slack) better += weight;
      if (Math.abs(value) >= Math.abs(observed) - slack) extreme += weight;
    }
    return { worse, better, extreme };
  };
  const distribution = convolve(terms);
  if (distribution !== undefined) {
    const values = [...distribution.keys()];
    const probabilities = [...distribution.values()];
    const tail = tails(values, (index) => probabilities[index]!);
    const clamp = (p: number): number => Math.min(1, p);
    return {
      difference,
      p: clamp(tail.extreme),
      pWorse: clamp(tail.worse),
      pBetter: clamp(tail.better),
      method: 'exact',
      support: distribution.size,
    };
  }
  const resamples = options.resamples ?? DEFAULT_RESAMPLES;
  const draws = sampleStatistic(terms, resamples, options.seed);
  const tail = tails(draws, () => 1);
  const share = (hits: number): number => (1 + hits) / (1 + resamples);
  return {
    difference,
    p: share(tail.extreme),
    pWorse: share(tail.worse),
    pBetter: share(tail.better),
    method: 'monte-carlo',
    support: resamples,
  };
}

interface StratumTerm {
  readonly values: readonly number[];
  readonly probabilities: readonly number[];
}

/** The null distribution of Σ terms (value in quanta → probability); undefined past MAX_SUPPORT. */
function convolve(terms: readonly StratumTerm[]): Map<number, number> | undefined {
  let distribution = new Map<number, number>([[0, 1]]);
  for (const term of terms) {
    const next = new Map<number, number>();
    for (const [sum, probability] of distribution) {
      term.values.forEach((value, index) => {
        const key = sum + value;
        next.set(key, (next.get(key) ?? 0) + probability * term.probabilities[index]!);
      });
    }
    if (next.size > MAX_SUPPORT) return undefined;
    distribution = next;
  }
  return distribution;
}

/** `resamples` seeded draws of Σ terms, each stratum's count drawn from its hypergeometric. */
function sampleStatistic(
  terms: readonly StratumTerm[],
  resamples: number,
  seed: number,
): Float64Array {
  const rng = createRng(seed);
  const draws = new Float64Array(resamples);
  for (let draw = 0; draw < resamples; draw += 1) {
    let sum = 0;
    for (const term of terms) {
      let u = rng.next();
      let index = 0;
      while (index < term.values.length - 1 && u >= term.probabilities[index]!) {
        u -= term.probabilities[index]!;
        index += 1;
      }
      sum += term.values[index]!;
    }
    draws[draw] = sum;
  }
  return draws;
}
