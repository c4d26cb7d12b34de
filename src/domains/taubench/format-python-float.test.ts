import { describe, expect, it } from 'vitest';
import { formatPythonFloat } from './format-python-float.js';

// Expected texts were printed by CPython 3.11: repr(x).
const CPYTHON_REPR: readonly (readonly [number, string])[] = [
  [4, '4.0'],
  [3.33, '3.33'],
  [-0.5, '-0.5'],
  [0, '0.0'],
  [-0, '-0.0'],
  [1e16, '1e+16'],
  [9999999999999998, '9999999999999998.0'],
  [1e-5, '1e-05'],
  [0.0001, '0.0001'],
  [0.00012, '0.00012'],
  [123456789.123, '123456789.123'],
  [1.5e-10, '1.5e-10'],
  [2.5e100, '2.5e+100'],
  [0.1 + 0.2, '0.30000000000000004'],
  [1e22, '1e+22'],
  [-1234.5, '-1234.5'],
  [Infinity, 'inf'],
  [-Infinity, '-inf'],
  [NaN, 'nan'],
];

describe('formatPythonFloat', () => {
  it.each(CPYTHON_REPR)('prints %s as CPython prints the float: %s', (x, expected) => {
    expect(formatPythonFloat(x)).toBe(expected);
  });

  it('switches to exponent form at 1e16 and below 1e-4', () => {
    expect(formatPythonFloat(1e15)).toBe('1000000000000000.0');
    expect(formatPythonFloat(1e16)).toBe('1e+16');
    expect(formatPythonFloat(0.0001)).toBe('0.0001');
    expect(formatPythonFloat(0.00001)).toBe('1e-05');
  });
});
