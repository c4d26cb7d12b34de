/**
 * Whether `n` trials with `c` successes can be summarised at sample size
 * `k`: all three are integers, 0 <= c <= n and 1 <= k <= n. pass@k and
 * pass^k return NaN otherwise, so a bad count shows up in a report instead
 * of silently turning into 0 or 1.
 */
export function isValidPassKCounts(n: number, c: number, k: number): boolean {
  return (
    Number.isInteger(n) &&
    Number.isInteger(c) &&
    Number.isInteger(k) &&
    c >= 0 &&
    c <= n &&
    k >= 1 &&
    k <= n
  );
}
