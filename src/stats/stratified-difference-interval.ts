import type { StratumCounts } from './stratified-permutation-test.js';
import { wilsonInterval } from './wilson-interval.js';

export interface StratifiedDifferenceIntervalOptions {
  /** Each stratum's weight in the mean difference (> 0); default every stratum the same. */
  readonly weights?: readonly number[];
  /** Two-sided confidence level, in (0, 1); default 0.95. */
  readonly confidence?: number;
}

export interface StratifiedDifferenceInterval {
  /** Σ p_i·(c_Bi/n_Bi − c_Ai/n_Ai), shares p_i = w_i / Σ w. */
  readonly value: number;
  readonly lower: number;
  readonly upper: number;
}

/**
 * An interval for the mean difference of success rates on these strata,
 * Σ p_i·(π_Bi − π_Ai) with each stratum's true rates fixed: the strata are
 * not a sample of a population here, only their trials are random. It is
 * the MOVER interval of a linear combination of independent proportions
 * (Zou, Huang and Zhang, Computational Statistics & Data Analysis 53,
 * 2009), recovered from each rate's Wilson interval [l, u] at the same
 * confidence:
 *
 *   lower = D − √(Σ p_i²·((r_Bi − l_Bi)² + (u_Ai − r_Ai)²))
 *   upper = D + √(Σ p_i²·((u_Bi − r_Bi)² + (r_Ai − l_Ai)²))
 *
 * With one stratum it is Newcombe's hybrid score interval for B − A
 * (see {@link moverDifferenceInterval}). It stays inside [−1, 1] and never
 * has zero width, even when every rate is 0 or 1. Invalid counts or no
 * strata give NaN bounds.
 *
 * Hand-worked example (Newcombe 1998, Table II, example (a)): B 56/70
 * against A 48/80 gives 0.2 − √(0.1083² + 0.0999²) = 0.0524 and 0.2 +
 * √(0.0778² + 0.1092²) = 0.3339.
 *
 * @example
 * stratifiedDifferenceInterval([{ successesA: 48, trialsA: 80, successesB: 56, trialsB: 70 }]);
 * // { value: 0.2, lower: 0.0524…, upper: 0.3339… }
 */
export function stratifiedDifferenceInterval(
  strata: readonly StratumCounts[],
  options: StratifiedDifferenceIntervalOptions = {},
): StratifiedDifferenceInterval {
  const confidence = options.confidence ?? 0.95;
  const weights = options.weights ?? strata.map(() => 1);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let value = 0;
  let below = 0;
  let above = 0;
  strata.forEach((stratum, i) => {
    const share = (weights[i] ?? Number.NaN) / total;
    const rateA = stratum.successesA / stratum.trialsA;
    const rateB = stratum.successesB / stratum.trialsB;
    const a = wilsonInterval(stratum.successesA, stratum.trialsA, confidence);
    const b = wilsonInterval(stratum.successesB, stratum.trialsB, confidence);
    value += share * (rateB - rateA);
    below += share ** 2 * ((rateB - b.lower) ** 2 + (a.upper - rateA) ** 2);
    above += share ** 2 * ((b.upper - rateB) ** 2 + (rateA - a.lower) ** 2);
  });
  if (strata.length === 0 || weights.length !== strata.length || !Number.isFinite(below + above)) {
    return {
      value: strata.length === 0 ? Number.NaN : value,
      lower: Number.NaN,
      upper: Number.NaN,
    };
  }
  return {
    value,
    lower: Math.max(-1, value - Math.sqrt(below)),
    upper: Math.min(1, value + Math.sqrt(above)),
  };
}
