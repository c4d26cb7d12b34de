import { checkPassKCounts } from './check-pass-k-counts.js';

/**
 * pass^k of one task (tau-bench, Yao et al. 2024): the probability that all
 * `k` trials drawn without replacement from the task's `n` recorded trials
 * succeeded, given `c` of them did: C(c, k) / C(n, k), a probability in
 * [0, 1] per task. It measures reliability: an agent that solves a task
 * half the time has pass^1 = 0.5 but pass^8 near 0.
 *
 * The ratio is computed as a product of min(k, n−c) factors, each in
 * [0, 1], so nothing overflows and partial products never underflow before
 * the answer does; accurate to a few ulps for n in the thousands.
 *
 * Throws RangeError when n, c or k is not a whole number, c is outside
 * [0, n] or k < 1. Returns NaN when k > n (including n = 0): k trials
 * cannot be drawn from fewer, so the value is not estimable.
 *
 * @example
 * passHatK(4, 2, 1); // 0.5
 * passHatK(4, 2, 2); // C(2,2)/C(4,2) = 1/6
 * passHatK(4, 4, 4); // 1
 */
export function passHatK(n: number, c: number, k: number): number {
  if (!checkPassKCounts('passHatK', n, c, k)) return Number.NaN;
  if (c < k) return 0;
  if (c === n) return 1;
  // C(c,k)/C(n,k) = ∏_{i<k} (c−i)/(n−i) = ∏_{j<n−c} (n−k−j)/(n−j); take the shorter product.
  let ratio = 1;
  if (k <= n - c) {
    for (let i = 0; i < k; i += 1) ratio *= (c - i) / (n - i);
  } else {
    for (let j = 0; j < n - c; j += 1) ratio *= (n - k - j) / (n - j);
  }
  return ratio;
}
