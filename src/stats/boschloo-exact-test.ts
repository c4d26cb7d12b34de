import { checkBinomialCounts } from './fisher-exact-test.js';
import type { BinomialCounts } from './fisher-exact-test.js';

export interface BoschlooExactTest {
  /**
   * Two-sided p-value of "both sides have the same success probability":
   * twice the smaller one-sided p-value, at most 1.
   */
  readonly p: number;
}

/** Grid points over the common success probability before the best ones are refined. */
const GRID = 1000;
/** Tables whose Fisher p-value is within this (relative) of the observed one count as extreme (SciPy's guard). */
const RELATIVE_TOLERANCE = 1 + 1e-13;

/**
 * Boschloo's exact unconditional test of A's successes/trials against B's,
 * two-sided. Each side's count is binomial with a common, unknown success
 * probability π under the null; the statistic is Fisher's one-sided
 * p-value, and the one-sided p-value is the largest, over π in [0, 1], of
 * the probability of every pair of counts whose statistic is at most the
 * observed one. Not conditioning on the total successes makes it more
 * powerful than Fisher's exact test (uniformly so one-sided, Boschloo
 * 1970) while still exact: its size never exceeds α at any π. Two-sided is twice the smaller one-sided p-value, as
 * in SciPy's `boschloo_exact`, which it matches (SciPy's table has the two
 * sides as columns: `[[cA, cB], [nA − cA, nB − cB]]`).
 *
 * The maximum over π is found on a grid of 1000 points, each of the three
 * best refined by golden-section search between its neighbours; the
 * probability is a polynomial in π, smooth at that scale.
 *
 * Hand-worked example: 8/8 against 2/8 has the Fisher one-sided p-value
 * (B lower) 28/8008 = 0.0035; the pairs of counts (A, B) with one no
 * larger are (8, 2), (8, 1), (8, 0), (7, 0) and (6, 0), of probability
 * (C(8, a)·C(8, b) summed: 28 + 8 + 1 + 8 + 28 = 73)·π^(a+b)(1 − π)^(16−a−b)
 * summed, largest at π = 1/2: 73/2^16 = 0.0011139. So p = 146/65536 =
 * 0.0022278 (Fisher's two-sided: 0.0070).
 *
 * A side without trials gives NaN (nothing to compare). Throws RangeError
 * when a side's trials is not a whole number ≥ 0 or its successes is not
 * whole in [0, trials], e.g. `boschlooExactTest: b.trials is -1; …`.
 *
 * @example
 * boschlooExactTest({ successes: 8, trials: 8 }, { successes: 2, trials: 8 }); // { p: 0.0022278 }
 */
export function boschlooExactTest(a: BinomialCounts, b: BinomialCounts): BoschlooExactTest {
  checkBinomialCounts('boschlooExactTest', { a, b });
  if (a.trials === 0 || b.trials === 0) return { p: Number.NaN };
  const key = `${a.successes}/${a.trials}:${b.successes}/${b.trials}`;
  const known = cache.get(key);
  if (known !== undefined) return { p: known };
  const p = Math.min(1, 2 * Math.min(oneSided(a, b), oneSided(b, a)));
  if (cache.size >= MAX_CACHED) cache.clear();
  cache.set(key, p);
  return { p };
}

/**
 * p-values already computed, by counts: a comparison of many tasks at the
 * same trials repeats the same few tables. The values depend on the counts
 * alone, so the cache changes no result.
 */
const cache = new Map<string, number>();
const MAX_CACHED = 10_000;

/**
 * The one-sided p-value against "`low` has the lower probability": the
 * statistic of counts (x, y) is P(X ≤ x) for X, low's share of x + y
 * successes, hypergeometric.
 */
function oneSided(low: BinomialCounts, high: BinomialCounts): number {
  const [n1, n2] = [low.trials, high.trials];
  const total = n1 + n2;
  const logFactorial = logFactorials(total);
  const logChoose = (n: number, k: number): number =>
    (logFactorial[n] ?? 0) - (logFactorial[k] ?? 0) - (logFactorial[n - k] ?? 0);
  const cdf = hypergeometricCdfs(n1, n2, logChoose);
  const observed = (cdf[low.successes]?.[high.successes] ?? Number.NaN) * RELATIVE_TOLERANCE;
  // log of Σ C(n1, x)·C(n2, y) over the extreme (x, y) with x + y = s, for each s.
  const terms: number[][] = Array.from({ length: total + 1 }, () => []);
  for (let x = 0; x <= n1; x += 1) {
    for (let y = 0; y <= n2; y += 1) {
      if ((cdf[x]?.[y] ?? Infinity) <= observed) {
        terms[x + y]?.push(logChoose(n1, x) + logChoose(n2, y));
      }
    }
  }
  const logWeights = terms.map(logSumExp);
  return Math.min(
    1,
    maximise((pi) => probability(logWeights, pi)),
  );
}

/** Σ_s w_s·π^s·(1 − π)^(n − s), from log w_s (−∞ for an empty s). */
function probability(logWeights: readonly number[], pi: number): number {
  const n = logWeights.length - 1;
  let sum = 0;
  logWeights.forEach((logWeight, s) => {
    if (logWeight === -Infinity) return;
    const logPi = s === 0 ? 0 : s * Math.log(pi);
    const logRest = n - s === 0 ? 0 : (n - s) * Math.log(1 - pi);
    sum += Math.exp(logWeight + logPi + logRest);
  });
  return sum;
}

/** The maximum of f on [0, 1]: a grid, then golden-section search around the three best points. */
function maximise(f: (pi: number) => number): number {
  const values = Array.from({ length: GRID + 1 }, (_, index) => f(index / GRID));
  const best = values
    .map((value, index) => ({ value, index }))
    .sort((x, y) => y.value - x.value)
    .slice(0, 3);
  let maximum = best[0]?.value ?? Number.NaN;
  for (const { index } of best) {
    let low = Math.max(0, (index - 1) / GRID);
    let high = Math.min(1, (index + 1) / GRID);
    const ratio = (Math.sqrt(5) - 1) / 2;
    for (let step = 0; step < 60; step += 1) {
      const left = high - ratio * (high - low);
      const right = low + ratio * (high - low);
      if (f(left) < f(right)) low = left;
      else high = right;
    }
    maximum = Math.max(maximum, f((low + high) / 2));
  }
  return maximum;
}

/** cdf[x][y] = P(X ≤ x), X the first side's share of x + y successes (hypergeometric). */
function hypergeometricCdfs(
  n1: number,
  n2: number,
  logChoose: (n: number, k: number) => number,
): number[][] {
  const cdf = Array.from({ length: n1 + 1 }, () => new Array<number>(n2 + 1).fill(0));
  const logAll = (successes: number): number => logChoose(n1 + n2, successes);
  for (let successes = 0; successes <= n1 + n2; successes += 1) {
    const low = Math.max(0, successes - n2);
    const high = Math.min(n1, successes);
    let running = 0;
    for (let x = low; x <= high; x += 1) {
      running += Math.exp(logChoose(n1, x) + logChoose(n2, successes - x) - logAll(successes));
      const row = cdf[x];
      if (row !== undefined) row[successes - x] = Math.min(1, running);
    }
  }
  return cdf;
}

function logFactorials(n: number): number[] {
  const values = [0];
  for (let k = 1; k <= n; k += 1) values.push((values[k - 1] ?? 0) + Math.log(k));
  return values;
}

function logSumExp(values: readonly number[]): number {
  if (values.length === 0) return -Infinity;
  const top = Math.max(...values);
  return top + Math.log(values.reduce((sum, value) => sum + Math.exp(value - top), 0));
}
