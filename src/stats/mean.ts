/**
 * Arithmetic mean, in the unit of the values. Uses Neumaier's compensated
 * sum so long lists of small rates do not drift.
 *
 * Returns NaN for an empty list (there is no mean of nothing, and 0 would
 * read as a real score).
 *
 * @example
 * mean([0.25, 0.5, 1]); // 0.5833…
 * mean([]); // NaN
 */
export function mean(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  let sum = 0;
  let compensation = 0;
  for (const value of values) {
    const next = sum + value;
    compensation += Math.abs(sum) >= Math.abs(value) ? sum - next + value : value - next + sum;
    sum = next;
  }
  return (sum + compensation) / values.length;
}
