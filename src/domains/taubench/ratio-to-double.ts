/**
 * The double nearest to `numerator / denominator * 2^scale` (ties to even),
 * for non-negative bigints: Infinity past the largest double, subnormals
 * rounded once at their own precision. Python's int / int and the exact
 * powers of `calculate` need this correctly rounded answer where the
 * operands do not fit a double.
 *
 * @example
 * ratioToDouble(1n, 3n, 0); // 0.3333333333333333
 * ratioToDouble(10n ** 400n, 10n ** 399n, 0); // 10
 */
export function ratioToDouble(numerator: bigint, denominator: bigint, scale: number): number {
  if (numerator === 0n) return 0;
  // Aim for a 53-bit quotient; when the result would be subnormal, keep only
  // the bits above 2^-1074 so that the one rounding below happens there.
  let shift = 53 - (bitLength(numerator) - bitLength(denominator));
  let step = divideScaled(numerator, denominator, shift);
  if (step.quotient >= TWO_53) step = divideScaled(numerator, denominator, --shift);
  if (scale - shift < -1074) step = divideScaled(numerator, denominator, (shift = scale + 1074));
  let { quotient } = step;
  const twiceRemainder = step.remainder * 2n;
  if (twiceRemainder > step.divisor || (twiceRemainder === step.divisor && quotient % 2n === 1n)) {
    quotient += 1n;
  }
  // quotient <= 2^53 converts exactly; the power-of-two scaling is exact too.
  return scaleByPowerOfTwo(Number(quotient), scale - shift);
}

const TWO_53 = 2n ** 53n;

/** The number of binary digits of |value| (0 for 0). */
export function bitLength(value: bigint): number {
  return value === 0n ? 0 : (value < 0n ? -value : value).toString(2).length;
}

function divideScaled(numerator: bigint, denominator: bigint, shift: number) {
  const dividend = shift >= 0 ? numerator << BigInt(shift) : numerator;
  const divisor = shift >= 0 ? denominator : denominator << BigInt(-shift);
  return { quotient: dividend / divisor, remainder: dividend % divisor, divisor };
}

/** x * 2^exponent in steps that stay exact while the result is representable. */
function scaleByPowerOfTwo(x: number, exponent: number): number {
  let result = x;
  let remaining = exponent;
  while (remaining > 1000) {
    result *= 2 ** 1000;
    remaining -= 1000;
  }
  while (remaining < -1000) {
    result *= 2 ** -1000;
    remaining += 1000;
  }
  return result * 2 ** remaining;
}
