/**
 * Python's `round(x, 2)`: the hundredth nearest to the exact binary value of
 * `x`, ties to even, as tau-bench applies it to gift-card balances and price
 * differences.
 *
 * `Math.round(x * 100) / 100` is not it: the multiplication rounds first, so
 * 1.005 would become 1.01 where Python gives 1.0.
 *
 * @example
 * pythonRound2(2.675); // 2.67: the double 2.675 lies just below the tie
 * pythonRound2(0.125); // 0.12: an exact tie goes to the even hundredth
 */
export function pythonRound2(x: number): number {
  // toFixed would drop the sign of -0 ("0.00"); Python keeps it.
  if (x === 0) return x;
  // An exact tie needs x * 100 = k + 1/2 in binary, i.e. x = j / 8 with j odd
  // (x * 8 is exact: a power-of-two scaling). toFixed breaks ties away from
  // zero, Python to the even hundredth. Such an x ends in .125, .375, .625 or
  // .875 exactly, so its hundredths digit is 2 (even: cut the 5) or 7 (odd:
  // away from zero, as toFixed does). Strings, not x * 100, because beyond
  // 2^53 / 100 that product is no longer exact.
  const eighths = x * 8;
  if (Number.isInteger(eighths) && eighths % 2 !== 0) {
    const exact = x.toFixed(3);
    return Number(exact.endsWith('25') ? exact.slice(0, -1) : x.toFixed(2));
  }
  // toFixed rounds the exact value of x (not a rounded product); Number()
  // then picks the double nearest to that decimal, as Python's round does.
  // Beyond 1e21 toFixed returns x's own digits, and Python returns x too.
  return Number(x.toFixed(2));
}
