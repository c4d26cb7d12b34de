import { checkCount, checkCountUpTo } from './check-estimator-input.js';

/**
 * The entry check of pass@k and pass^k of one task: `n` and `c` whole with
 * 0 ≤ c ≤ n and `k` a whole number ≥ 1, else a RangeError naming `fn` and
 * the argument. Returns whether `k` trials can be drawn from the `n`
 * recorded (k ≤ n): a k beyond n is not estimable from these trials, which
 * is missing data (NaN), not a mistake.
 */
export function checkPassKCounts(fn: string, n: number, c: number, k: number): boolean {
  checkCount({ fn, path: 'n' }, n);
  checkCountUpTo({ fn, path: 'c' }, c, { value: n, path: 'n' });
  checkCount({ fn, path: 'k' }, k, 1);
  return k <= n;
}
