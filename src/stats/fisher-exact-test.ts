import { checkCount, checkCountUpTo } from './check-estimator-input.js';

/** Successes out of trials on one side of a 2×2 comparison. */
export interface BinomialCounts {
  readonly successes: number;
  readonly trials: number;
}

export interface FisherExactTest {
  /**
   * Two-sided p-value of "both sides have the same success probability":
   * the total probability, given both margins, of every table no more
   * likely than the observed one.
   */
  readonly p: number;
}

/** Tables this much (relative) more likely than the observed one still count as no more likely (SciPy's tolerance). */
const RELATIVE_TOLERANCE = 1 + 1e-7;

/**
 * Fisher's exact test of A's successes/trials against B's, two-sided: with
 * the total successes held fixed, A's count is hypergeometric under "same
 * success probability", and p is the probability of every split of the
 * successes no more likely than the observed one. Conditioning on the
 * margins removes the unknown common probability, so the test is exact at
 * any number of trials (and conservative: p-values are discrete).
 *
 * The probabilities are built by the ratio of neighbouring terms from the
 * most likely split outwards, then normalised, so no factorial overflows.
 * Matches SciPy's `fisher_exact([[cA, nA − cA], [cB, nB − cB]])`.
 *
 * Hand-worked example: 8/8 against 2/8 keeps 10 successes in 16 trials;
 * P(A has 8) = C(8,8)·C(8,2)/C(16,10) = 28/8008, and the split as unlikely
 * the other way (A 2, B 8) has the same probability; no other split is as
 * unlikely, so p = 56/8008 = 0.006993.
 *
 * Throws RangeError when a side's trials is not a whole number ≥ 0 or its
 * successes is not whole in [0, trials], e.g. `fisherExactTest:
 * a.successes is 5; it must be a whole number from 0 to a.trials (4)`.
 *
 * @example
 * fisherExactTest({ successes: 8, trials: 8 }, { successes: 2, trials: 8 }); // { p: 0.006993… }
 */
export function fisherExactTest(a: BinomialCounts, b: BinomialCounts): FisherExactTest {
  checkBinomialCounts('fisherExactTest', { a, b });
  const total = a.trials + b.trials;
  const successes = a.successes + b.successes;
  // A's successes range over [low, high] with both margins fixed.
  const low = Math.max(0, successes - b.trials);
  const high = Math.min(a.trials, successes);
  const weights = hypergeometricWeights({ low, high, drawn: a.trials, successes, total });
  const sum = weights.reduce((acc, weight) => acc + weight, 0);
  const observed = (weights[a.successes - low] ?? 0) * RELATIVE_TOLERANCE;
  let tail = 0;
  for (const weight of weights) if (weight <= observed) tail += weight;
  return { p: Math.min(1, tail / sum) };
}

/** Throws the RangeError of the first side whose counts are impossible, naming `fn` and the side. */
export function checkBinomialCounts(fn: string, sides: Record<string, BinomialCounts>): void {
  for (const [name, { successes, trials }] of Object.entries(sides)) {
    checkCount({ fn, path: `${name}.trials` }, trials);
    checkCountUpTo({ fn, path: `${name}.successes` }, successes, {
      value: trials,
      path: `${name}.trials`,
    });
  }
}

/** P(X = x) up to a common factor for x in [low, high], X hypergeometric(total, successes, drawn). */
function hypergeometricWeights(h: {
  low: number;
  high: number;
  drawn: number;
  successes: number;
  total: number;
}): number[] {
  const { low, high, drawn, successes, total } = h;
  // P(x + 1)/P(x) = (successes − x)(drawn − x) / ((x + 1)(total − successes − drawn + x + 1)).
  const ratio = (x: number): number =>
    ((successes - x) * (drawn - x)) / ((x + 1) * (total - successes - drawn + x + 1));
  const mode = Math.min(
    high,
    Math.max(low, Math.floor(((drawn + 1) * (successes + 1)) / (total + 2))),
  );
  const weights = new Array<number>(high - low + 1).fill(0);
  weights[mode - low] = 1;
  for (let x = mode; x < high; x += 1) weights[x + 1 - low] = (weights[x - low] ?? 0) * ratio(x);
  for (let x = mode; x > low; x -= 1) weights[x - 1 - low] = (weights[x - low] ?? 0) / ratio(x - 1);
  return weights;
}
