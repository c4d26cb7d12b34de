import { bitLength, ratioToDouble } from './ratio-to-double.js';

/** Stands for any Python `complex`: its value never matters, only that float() refuses it. */
export const COMPLEX = Symbol('complex');

/**
 * A Python number as `calculate` meets it: `bigint` for `int` (exact,
 * unbounded), `number` for `float`, {@link COMPLEX} for the complex numbers
 * that a negative base raised to a fractional power produces.
 */
export type PyNumber = bigint | number | typeof COMPLEX;

/** An operation's result, or the message of the exception Python raises. */
export type PyResult = PyNumber | { readonly error: string };

/**
 * Python ints are unbounded, but a float holds about 1024 bits and
 * `9 ** 9 ** 9` must not hang the harness. Past this size the answer is an
 * error where CPython would compute on (and nearly always fail in float()).
 */
const MAX_INT_BITS = 65_536;
/** Integer exponents up to this size are computed exactly (see powerOfFloats). */
const MAX_EXACT_EXPONENT = 256;

const DIVISION_BY_ZERO = { error: 'division by zero' } as const;
const INT_TOO_LARGE = { error: 'integer result too large' } as const;

/** A literal: ints are exact, floats correctly rounded, as in Python. */
export function parsePyNumber(text: string): PyNumber {
  return text.includes('.') ? Number(text) : BigInt(text);
}

/** Python's `float(x)`. */
export function pyToFloat(value: PyNumber): number | { readonly error: string } {
  if (typeof value === 'number') return value;
  if (value === COMPLEX) {
    return { error: "float() argument must be a string or a real number, not 'complex'" };
  }
  // Number(bigint) rounds to nearest, ties to even, as float(int) does.
  const result = Number(value);
  return Number.isFinite(result) ? result : { error: 'int too large to convert to float' };
}

export function pyNegate(value: PyNumber): PyNumber {
  return value === COMPLEX ? COMPLEX : -value;
}

export function pyAdd(left: PyNumber, right: PyNumber): PyResult {
  if (typeof left === 'bigint' && typeof right === 'bigint') return checkedInt(left + right);
  return onFloats(left, right, (a, b) => a + b);
}

export function pySubtract(left: PyNumber, right: PyNumber): PyResult {
  if (typeof left === 'bigint' && typeof right === 'bigint') return checkedInt(left - right);
  return onFloats(left, right, (a, b) => a - b);
}

export function pyMultiply(left: PyNumber, right: PyNumber): PyResult {
  if (typeof left === 'bigint' && typeof right === 'bigint') {
    if (bitLength(left) + bitLength(right) > MAX_INT_BITS + 1) return INT_TOO_LARGE;
    return checkedInt(left * right);
  }
  return onFloats(left, right, (a, b) => a * b);
}

export function pyTrueDivide(left: PyNumber, right: PyNumber): PyResult {
  if (typeof left === 'bigint' && typeof right === 'bigint') return divideInts(left, right);
  // complex / 0 raises too; a complex divisor is taken as non-zero.
  if (left === COMPLEX && isZero(right)) return DIVISION_BY_ZERO;
  return onFloats(left, right, (a, b) => (b === 0 ? DIVISION_BY_ZERO : a / b));
}

export function pyFloorDivide(left: PyNumber, right: PyNumber): PyResult {
  if (left === COMPLEX || right === COMPLEX) {
    return {
      error: `unsupported operand type(s) for //: '${typeName(left)}' and '${typeName(right)}'`,
    };
  }
  if (typeof left === 'bigint' && typeof right === 'bigint') {
    if (right === 0n) return DIVISION_BY_ZERO;
    const quotient = left / right;
    // BigInt division truncates; Python floors.
    return left % right !== 0n && left < 0n !== right < 0n ? quotient - 1n : quotient;
  }
  return onFloats(left, right, (a, b) => (b === 0 ? DIVISION_BY_ZERO : floorDivideFloats(a, b)));
}

export function pyPower(base: PyNumber, exponent: PyNumber): PyResult {
  if (typeof base === 'bigint' && typeof exponent === 'bigint' && exponent >= 0n) {
    return powerOfInts(base, exponent);
  }
  if (exponent === COMPLEX && isZero(base)) return { error: '0.0 to a negative or complex power' };
  // Python turns int ** negative int into float ** float as well.
  return onFloats(base, exponent, powerOfFloats);
}

function typeName(value: PyNumber): string {
  return value === COMPLEX ? 'complex' : typeof value === 'bigint' ? 'int' : 'float';
}

function isZero(value: PyNumber): boolean {
  return value === 0n || value === 0;
}

function checkedInt(value: bigint): PyResult {
  return bitLength(value) > MAX_INT_BITS ? INT_TOO_LARGE : value;
}

/**
 * Converts both operands to float as Python does (an int too large fails
 * here) and applies a float operation; anything with a complex stays complex.
 */
function onFloats(
  left: PyNumber,
  right: PyNumber,
  operation: (left: number, right: number) => PyResult,
): PyResult {
  const a = left === COMPLEX ? 0 : pyToFloat(left);
  if (typeof a !== 'number') return a;
  const b = right === COMPLEX ? 0 : pyToFloat(right);
  if (typeof b !== 'number') return b;
  return left === COMPLEX || right === COMPLEX ? COMPLEX : operation(a, b);
}

/**
 * CPython's float floor division (`_float_div_mod`), not Math.floor(a / b):
 * `1 // 0.1` is 9.0 in Python because 0.1 is slightly above one tenth.
 */
function floorDivideFloats(a: number, b: number): number {
  // JS % is C's fmod: exact, with the sign of the dividend.
  const mod = a % b;
  let div = (a - mod) / b;
  // `mod !== 0` rather than truthiness: C counts NaN as true.
  if (mod !== 0 && b < 0 !== mod < 0) div -= 1;
  if (div !== 0) {
    let floored = Math.floor(div);
    if (div - floored > 0.5) floored += 1;
    return floored;
  }
  const quotient = a / b;
  return quotient < 0 || Object.is(quotient, -0) ? -0 : 0;
}

/** Python's int / int: correctly rounded even past 2^53 (CPython's long_true_divide). */
function divideInts(left: bigint, right: bigint): PyResult {
  if (right === 0n) return DIVISION_BY_ZERO;
  const negative = left < 0n !== right < 0n;
  const magnitude = ratioToDouble(left < 0n ? -left : left, right < 0n ? -right : right, 0);
  if (magnitude === Infinity) return { error: 'integer division result too large for a float' };
  // 0 / -5 is -0.0 in Python too.
  return negative ? -magnitude : magnitude;
}

function powerOfInts(base: bigint, exponent: bigint): PyResult {
  if (base === 0n) return exponent === 0n ? 1n : 0n;
  if (base === 1n) return 1n;
  if (base === -1n) return exponent % 2n === 0n ? 1n : -1n;
  if (BigInt(bitLength(base) - 1) * exponent > BigInt(MAX_INT_BITS)) return INT_TOO_LARGE;
  return checkedInt(base ** exponent);
}

function isOddInteger(x: number): boolean {
  return Math.abs(x) % 2 === 1;
}

/** CPython's float_pow: its special cases first, then the platform pow. */
function powerOfFloats(base: number, exponent: number): PyResult {
  if (exponent === 0) return 1;
  if (Number.isNaN(base)) return base;
  if (Number.isNaN(exponent)) return base === 1 ? 1 : exponent;
  if (!Number.isFinite(exponent)) {
    const magnitude = Math.abs(base);
    if (magnitude === 1) return 1;
    return exponent > 0 === magnitude > 1 ? Infinity : 0;
  }
  if (!Number.isFinite(base)) {
    if (exponent > 0) return isOddInteger(exponent) ? base : Infinity;
    return isOddInteger(exponent) && base < 0 ? -0 : 0;
  }
  if (base === 0) {
    if (exponent < 0) return { error: '0.0 cannot be raised to a negative power' };
    return isOddInteger(exponent) ? base : 0;
  }
  let magnitude = base;
  let negate = false;
  if (base < 0) {
    // Python answers with a complex number here, not an error.
    if (exponent !== Math.floor(exponent)) return COMPLEX;
    magnitude = -base;
    negate = isOddInteger(exponent);
  }
  if (magnitude === 1) return negate ? -1 : 1;
  const result = powerOfPositive(magnitude, exponent);
  if (result === Infinity) return { error: "(34, 'Numerical result out of range')" };
  return negate ? -result : result;
}

/**
 * C's pow for a positive finite base. V8's Math.pow may be an ulp off the
 * correctly rounded value that glibc's pow returns (x ** 3 by repeated
 * multiplication, say), so integer exponents are computed exactly and
 * rounded once, and x ** 0.5 is the correctly rounded square root.
 */
function powerOfPositive(base: number, exponent: number): number {
  if (exponent === 0.5) return Math.sqrt(base);
  if (!Number.isInteger(exponent) || Math.abs(exponent) > MAX_EXACT_EXPONENT) {
    return base ** exponent;
  }
  // Far outside the double range the answer is clear without exact work.
  const log2 = exponent * Math.log2(base);
  if (log2 > 1100) return Infinity;
  if (log2 < -1200) return 0;
  const { mantissa, exponent: binaryExponent } = decompose(base);
  const power = mantissa ** BigInt(Math.abs(exponent));
  const scale = binaryExponent * exponent;
  return exponent > 0 ? ratioToDouble(power, 1n, scale) : ratioToDouble(1n, power, scale);
}

/** A positive finite double as mantissa * 2^exponent, both exact. */
function decompose(x: number): { mantissa: bigint; exponent: number } {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  const biased = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & 0xfffffffffffffn;
  return biased === 0
    ? { mantissa: fraction, exponent: -1074 }
    : { mantissa: fraction | (1n << 52n), exponent: biased - 1075 };
}
