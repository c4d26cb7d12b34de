import { checkCount } from './check-estimator-input.js';

/** McNemar's exact test on the discordant pairs of two paired pass/fail outcomes. */
export interface McNemarTest {
  /** b + c: the pairs where exactly one side passed. */
  readonly discordant: number;
  /** Two-sided exact p-value: min(1, 2·P(X ≤ min(b, c))) for X ~ Binomial(b + c, 1/2). */
  readonly p: number;
}

/**
 * McNemar's exact test of paired pass/fail outcomes, e.g. one trial of each
 * task by two systems: `b` pairs where only the first side passed, `c`
 * where only the second did. Pairs where both passed or both failed carry
 * no evidence either way. With no difference between the sides each
 * discordant pair is a fair coin, so the two-sided p-value is twice the
 * smaller binomial tail, at most 1.
 *
 * The tail is summed exactly in integers (BigInt) and rounded once, so the
 * result is exact to a double's precision for any count.
 *
 * Hand-worked example: b = 0, c = 5: all five discordant pairs went one
 * way; P(X ≤ 0) = 1/2⁵ = 1/32, so p = 2/32 = 0.0625. b = 2, c = 8:
 * P(X ≤ 2) = (1 + 10 + 45)/1024 = 56/1024, so p = 0.109375.
 *
 * Returns p = 1 when there are no discordant pairs. Throws RangeError when
 * b or c is not a whole number ≥ 0, e.g. `mcnemarExact: b is 1.5; it must
 * be a whole number, 0 or more`.
 *
 * @example
 * mcnemarExact(0, 5); // { discordant: 5, p: 0.0625 }
 */
export function mcnemarExact(b: number, c: number): McNemarTest {
  checkCount({ fn: 'mcnemarExact', path: 'b' }, b);
  checkCount({ fn: 'mcnemarExact', path: 'c' }, c);
  const discordant = b + c;
  if (b === c) return { discordant, p: 1 };
  const n = BigInt(discordant);
  const smaller = BigInt(Math.min(b, c));
  // Σ_{j ≤ smaller} C(n, j), stepping C(n, j) = C(n, j − 1)·(n − j + 1)/j exactly.
  let term = 1n;
  let tail = 1n;
  for (let j = 1n; j <= smaller; j += 1n) {
    term = (term * (n - j + 1n)) / j;
    tail += term;
  }
  // Twice the tail over 2^n: 2·tail/2^n = tail/2^(n−1).
  return { discordant, p: Math.min(1, scaleByPowerOfTwo(tail, -(discordant - 1))) };
}

/** value·2^exponent as a double, rounding once however large value is. */
function scaleByPowerOfTwo(value: bigint, exponent: number): number {
  const bits = value.toString(2).length;
  const shift = Math.max(0, bits - 64);
  // The top 64 bits hold the value to far better than a double's 53; the rest only rounds.
  const head = Number(value >> BigInt(shift));
  return head * 2 ** (exponent + shift);
}
