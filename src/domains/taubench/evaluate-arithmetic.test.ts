import { describe, expect, it } from 'vitest';
import { evaluateArithmetic } from './evaluate-arithmetic.js';
import { formatPythonFloat } from './format-python-float.js';
import { pythonRound2 } from './python-round2.js';

/** What tau-bench's calculate returns: str(round(float(eval(e)), 2)) or the error text. */
function calculateText(expression: string): string {
  const result = evaluateArithmetic(expression);
  return result.ok ? formatPythonFloat(pythonRound2(result.value)) : `Error: ${result.message}`;
}

// Each expected text was printed by CPython 3.11 running tau-bench's calculate body.
const CPYTHON_CALCULATE: readonly (readonly [string, string])[] = [
  ['2 + 2', '4.0'],
  ['10 / 3', '3.33'],
  ['-1 / 2', '-0.5'],
  ['1 / 3 * 3', '1.0'],
  ['0.1 + 0.2', '0.3'],
  ['100000 * 100000 * 100000', '1000000000000000.0'],
  ['10 ** 16', '1e+16'],
  ['1 / 100000', '0.0'],
  ['-0.001', '-0.0'],
  ['2 ** 0.5', '1.41'],
  ['(1234.56 + 78.9) * 0.9', '1182.11'],
  ['7 // 2', '3.0'],
  ['-7 // 2', '-4.0'],
  ['7.5 // 2', '3.0'],
  ['1 // 0.1', '9.0'],
  ['2 ** 3 ** 2', '512.0'],
  ['-2 ** 2', '-4.0'],
  ['2 ** -1', '0.5'],
  ['(-2) ** 2', '4.0'],
  ['- - 3', '3.0'],
  ['10 ** 20 + 1 - 10 ** 20', '1.0'],
  ['10 ** 400 / 10 ** 399', '10.0'],
  ['.5 + 1.', '1.5'],
  ['00 + 1', '1.0'],
  ['2 ** 1023 * 2.0', 'inf'],
  ['  1+1', '2.0'],
];

describe('evaluateArithmetic', () => {
  it.each(CPYTHON_CALCULATE)('gives %s the text CPython gives: %s', (expression, expected) => {
    expect(calculateText(expression)).toBe(expected);
  });

  it('binds * and / tighter than + and -', () => {
    expect(evaluateArithmetic('1 + 2 * 3 - 4 / 2')).toEqual({ ok: true, value: 5 });
  });

  it('groups ** from the right', () => {
    expect(evaluateArithmetic('2 ** 3 ** 2')).toEqual({ ok: true, value: 512 });
  });

  it('binds ** tighter than a unary minus on its left', () => {
    expect(evaluateArithmetic('-2 ** 2')).toEqual({ ok: true, value: -4 });
  });

  it('floors integer division towards minus infinity', () => {
    expect(evaluateArithmetic('-7 // 2')).toEqual({ ok: true, value: -4 });
  });

  it('keeps ints exact beyond 2^53', () => {
    expect(evaluateArithmetic('9007199254740993 - 9007199254740992')).toEqual({
      ok: true,
      value: 1,
    });
  });

  it('refuses any character outside digits, operators, parentheses, dot and space', () => {
    expect(evaluateArithmetic('2 + x')).toEqual({
      ok: false,
      message: 'invalid characters in expression',
    });
  });

  it('reports division by zero for ints and floats alike', () => {
    for (const expression of ['1 / 0', '1.0 / 0', '1 // 0', '1.5 // 0.0']) {
      expect(evaluateArithmetic(expression)).toEqual({ ok: false, message: 'division by zero' });
    }
  });

  it('reports malformed input as invalid syntax', () => {
    for (const expression of ['', '1 +', '* 3', '1 2', '1..2', '1 .2']) {
      expect(evaluateArithmetic(expression)).toEqual({ ok: false, message: 'invalid syntax' });
    }
  });

  it('names an unclosed and an unmatched parenthesis as CPython does', () => {
    expect(evaluateArithmetic('(1 + 2')).toEqual({
      ok: false,
      message: "'(' was never closed",
    });
    expect(evaluateArithmetic('1 + 2)')).toEqual({ ok: false, message: "unmatched ')'" });
  });

  it('prefers a syntax error to a runtime error earlier in the text', () => {
    expect(evaluateArithmetic('1 / 0 + (')).toEqual({
      ok: false,
      message: "'(' was never closed",
    });
  });

  it('refuses integer literals with leading zeros', () => {
    expect(evaluateArithmetic('01')).toEqual({
      ok: false,
      message:
        'leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers',
    });
  });

  it('refuses a result too large for a float', () => {
    expect(evaluateArithmetic('10 ** 400')).toEqual({
      ok: false,
      message: 'int too large to convert to float',
    });
  });

  it('refuses the complex result of a negative base to a fractional power', () => {
    expect(evaluateArithmetic('(-8) ** 0.5')).toEqual({
      ok: false,
      message: "float() argument must be a string or a real number, not 'complex'",
    });
  });

  it('refuses zero to a negative power', () => {
    expect(evaluateArithmetic('0 ** -1')).toEqual({
      ok: false,
      message: '0.0 cannot be raised to a negative power',
    });
  });

  it('stops at 200 nested parentheses as CPython does', () => {
    expect(evaluateArithmetic(`${'('.repeat(200)}1${')'.repeat(200)}`)).toEqual({
      ok: true,
      value: 1,
    });
    expect(evaluateArithmetic(`${'('.repeat(201)}1${')'.repeat(201)}`)).toEqual({
      ok: false,
      message: 'too many nested parentheses',
    });
  });

  it('answers a huge power with an error instead of computing it', () => {
    expect(evaluateArithmetic('9 ** 9 ** 9')).toEqual({
      ok: false,
      message: 'integer result too large',
    });
  });

  it('handles long sums and sign chains without deep recursion', () => {
    expect(evaluateArithmetic(Array.from({ length: 20_000 }, () => '1').join('+'))).toEqual({
      ok: true,
      value: 20_000,
    });
    expect(evaluateArithmetic(`${'-'.repeat(20_001)}1`)).toEqual({ ok: true, value: -1 });
  });
});
