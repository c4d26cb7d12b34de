import { checkPassKCounts } from './check-pass-k-counts.js';

/**
 * pass@k of one task: the probability that at least one of `k` trials drawn
 * without replacement from the task's `n` recorded trials succeeded, given
 * `c` of them did. It is the unbiased estimator 1 − C(n−c, k) / C(n, k)
 * (Chen et al. 2021), a probability in [0, 1] per task.
 *
 * Why not 1 − (1 − c/n)^k: that plugs a noisy rate into a power and is
 * biased. Why not binomials: C(1000, 500) overflows a double. The ratio is
 * a product of min(k, c) factors, each below 1, summed in log space with
 * `log1p` and turned back with `expm1`, so the result stays accurate to a
 * few ulps for n in the thousands, including when it is close to 0.
 *
 * Throws RangeError when n, c or k is not a whole number, c is outside
 * [0, n] or k < 1. Returns NaN when k > n (including n = 0): k trials
 * cannot be drawn from fewer, so the value is not estimable.
 *
 * @example
 * passAtK(10, 3, 1); // 0.3: one draw succeeds 3 times in 10
 * passAtK(10, 3, 5); // 1 − C(7,5)/C(10,5) = 1 − 21/252 ≈ 0.9167
 * passAtK(4, 2, 5); // NaN: cannot draw 5 trials out of 4
 */
export function passAtK(n: number, c: number, k: number): number {
  if (!checkPassKCounts('passAtK', n, c, k)) return Number.NaN;
  if (c === 0) return 0;
  if (n - c < k) return 1;
  // C(n−c,k)/C(n,k) = ∏_{i<k} (1 − c/(n−i)) = ∏_{j<c} (1 − k/(n−j)); take the shorter product.
  const [factors, step] = k <= c ? [k, c] : [c, k];
  let logFailAll = 0;
  for (let i = 0; i < factors; i += 1) logFailAll += Math.log1p(-step / (n - i));
  return -Math.expm1(logFailAll);
}
