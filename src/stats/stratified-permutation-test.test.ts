import { describe, expect, it } from 'vitest';
import type { StratumCounts } from './stratified-permutation-test.js';
import { stratifiedPermutationTest } from './stratified-permutation-test.js';

const stratum = (
  successesA: number,
  trialsA: number,
  successesB: number,
  trialsB: number,
): StratumCounts => ({ successesA, trialsA, successesB, trialsB });

/** Subsets of size k of {0..n−1}, as bit masks. */
function subsets(n: number, k: number): number[] {
  const masks: number[] = [];
  for (let mask = 0; mask < 2 ** n; mask += 1) {
    let bits = 0;
    for (let i = 0; i < n; i += 1) if (mask & (1 << i)) bits += 1;
    if (bits === k) masks.push(mask);
  }
  return masks;
}

/**
 * The p-values by visiting every relabelling of every stratum's pooled
 * trials: the first c_A + c_B trials succeed, B's side is any subset of
 * n_B of them, all equally likely and independent across strata.
 */
function bruteForce(strata: readonly StratumCounts[], weights: readonly number[]) {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const options = strata.map((s, i) => {
    const trials = s.trialsA + s.trialsB;
    const successes = s.successesA + s.successesB;
    return subsets(trials, s.trialsB).map((mask) => {
      let cB = 0;
      for (let t = 0; t < successes; t += 1) if (mask & (1 << t)) cB += 1;
      return (weights[i]! / total) * (cB / s.trialsB - (successes - cB) / s.trialsA);
    });
  });
  const observed = strata.reduce(
    (sum, s, i) =>
      sum + (weights[i]! / total) * (s.successesB / s.trialsB - s.successesA / s.trialsA),
    0,
  );
  let count = 0;
  let worse = 0;
  let better = 0;
  let extreme = 0;
  const visit = (index: number, sum: number): void => {
    if (index === options.length) {
      count += 1;
      if (sum <= observed + 1e-9) worse += 1;
      if (sum >= observed - 1e-9) better += 1;
      if (Math.abs(sum) >= Math.abs(observed) - 1e-9) extreme += 1;
      return;
    }
    for (const value of options[index]!) visit(index + 1, sum + value);
  };
  visit(0, 0);
  return { p: extreme / count, pWorse: worse / count, pBetter: better / count };
}

describe('stratifiedPermutationTest', () => {
  it('is Fisher’s exact test on one stratum (hand-worked: 8/8 against 0/8)', () => {
    const test = stratifiedPermutationTest([stratum(8, 8, 0, 8)], { seed: 0 });
    expect(test.difference).toBe(-1);
    expect(test.pWorse).toBeCloseTo(1 / 12_870, 12);
    expect(test.p).toBeCloseTo(2 / 12_870, 12);
    expect(test.pBetter).toBe(1);
    expect(test.method).toBe('exact');
  });

  it.each([
    // SciPy fisher_exact([[c_B, n_B − c_B], [c_A, n_A − c_A]]): two-sided, then alternative='less'.
    [stratum(8, 8, 2, 8), 0.006993006993006993, 0.0034965034965034965],
    [stratum(6, 8, 3, 8), 0.3146853146853147, 0.15734265734265734],
  ])('matches SciPy’s Fisher exact test on one stratum with equal trials %#', (s, p, pWorse) => {
    const test = stratifiedPermutationTest([s], { seed: 0 });
    expect(test.p).toBeCloseTo(p, 12);
    expect(test.pWorse).toBeCloseTo(pWorse, 12);
  });

  it('matches SciPy’s one-sided Fisher test with unequal trials (5/7 against 1/6)', () => {
    const test = stratifiedPermutationTest([stratum(5, 7, 1, 6)], { seed: 0 });
    expect(test.pWorse).toBeCloseTo(0.07750582750582749, 12);
    expect(test.pBetter).toBeCloseTo(0.995920745920746, 12);
  });

  it('rejects five tasks that all fall from 8/8 to 0/8, where a test over tasks cannot', () => {
    const test = stratifiedPermutationTest(
      Array.from({ length: 5 }, () => stratum(8, 8, 0, 8)),
      { seed: 0 },
    );
    expect(test.pWorse).toBeCloseTo(12_870 ** -5, 30);
    expect(test.p).toBeLessThan(1e-19);
  });

  it('matches brute-force relabelling: three tasks falling from 3/3 to 1/3', () => {
    const strata = [stratum(3, 3, 1, 3), stratum(3, 3, 1, 3), stratum(3, 3, 1, 3)];
    const test = stratifiedPermutationTest(strata, { seed: 0 });
    const reference = bruteForce(strata, [1, 1, 1]);
    expect(test.p).toBeCloseTo(reference.p, 12);
    expect(test.pWorse).toBeCloseTo(reference.pWorse, 12);
    expect(test.pBetter).toBeCloseTo(reference.pBetter, 12);
    // Hand-worked: B keeps 1 of each task's 4 successes; P(c_B ≤ 1) = (C(4,1)C(2,2) + 0)/C(6,3)
    // = 4/20 per task (c_B ≥ 1 always), so P(all three) = (1/5)³ = 0.008.
    expect(test.pWorse).toBeCloseTo(0.008, 12);
  });

  it('matches brute-force relabelling with unequal trials and weights, and mixed directions', () => {
    const strata = [stratum(2, 4, 3, 3), stratum(1, 2, 0, 3), stratum(4, 5, 1, 4)];
    const weights = [1, 2, 3];
    const test = stratifiedPermutationTest(strata, { seed: 0, weights });
    const reference = bruteForce(strata, weights);
    expect(test.p).toBeCloseTo(reference.p, 12);
    expect(test.pWorse).toBeCloseTo(reference.pWorse, 12);
    expect(test.pBetter).toBeCloseTo(reference.pBetter, 12);
    expect(test.difference).toBeCloseTo((1 * (1 - 0.5) + 2 * (0 - 0.5) + 3 * (0.25 - 0.8)) / 6, 14);
  });

  it('gives p = 1 when nothing moved and no trial could move (every rate 0 or 1 on both sides)', () => {
    const test = stratifiedPermutationTest([stratum(8, 8, 8, 8), stratum(0, 8, 0, 8)], { seed: 0 });
    expect(test).toMatchObject({ difference: 0, p: 1, pWorse: 1, pBetter: 1, support: 1 });
  });

  it('samples the null when it is too large to enumerate, near the normal approximation', () => {
    // Distinct weights and trials make nearly every sum distinct.
    const strata = Array.from({ length: 30 }, (_, i) => stratum(6, 10 + (i % 3), 3, 9 + (i % 4)));
    const weights = strata.map((_, i) => 1 + i / 7);
    const test = stratifiedPermutationTest(strata, { seed: 7, weights, resamples: 20_000 });
    expect(test.method).toBe('monte-carlo');
    expect(test.support).toBe(20_000);
    // Normal approximation: each c_B is hypergeometric (mean K·n_B/N, variance K(N−K)n_A·n_B/(N²(N−1))).
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    let variance = 0;
    strata.forEach((s, i) => {
      const n = s.trialsA + s.trialsB;
      const k = s.successesA + s.successesB;
      const varianceB = (k * (n - k) * s.trialsA * s.trialsB) / (n ** 2 * (n - 1));
      variance += (weights[i]! / total) ** 2 * varianceB * (1 / s.trialsA + 1 / s.trialsB) ** 2;
    });
    const z = test.difference / Math.sqrt(variance);
    const normalLower = 0.5 * (1 + erf(z / Math.SQRT2));
    expect(test.pWorse).toBeGreaterThan(normalLower - 0.02);
    expect(test.pWorse).toBeLessThan(normalLower + 0.02);
  });

  it('gives NaN p-values for a stratum without trials on a side, or no strata', () => {
    expect(stratifiedPermutationTest([stratum(1, 2, 0, 0)], { seed: 0 }).p).toBeNaN();
    expect(stratifiedPermutationTest([], { seed: 0 }).pWorse).toBeNaN();
  });
});

/** Abramowitz and Stegun 7.1.26 (error below 1.5e−7). */
function erf(x: number): number {
  const sign = Math.sign(x);
  const t = 1 / (1 + 0.3275911 * Math.abs(x));
  const poly =
    t *
    (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  return sign * (1 - poly * Math.exp(-x * x));
}
