import { describe, expect, it } from 'vitest';
import { pythonRound2 } from './python-round2.js';

// Every expected value below was printed by CPython 3.11: repr(round(x, 2)).
const CPYTHON_ROUND2: readonly (readonly [number, number])[] = [
  [0.125, 0.12],
  [0.375, 0.38],
  [0.625, 0.62],
  [0.875, 0.88],
  [2.675, 2.67],
  [1.005, 1.0],
  [-0.125, -0.12],
  [-0.375, -0.38],
  [-2.675, -2.67],
  [-1.005, -1.0],
  [123456.785, 123456.79],
  [787168009633572.9, 787168009633572.9],
  [71.96000000000001, 71.96],
  [0.04999999999999716, 0.05],
  [-3.6599999999999824, -3.66],
  [1.0000000000000002e16, 1.0000000000000002e16],
  [1.7976931348623157e308, 1.7976931348623157e308],
  [5e-324, 0],
];

describe('pythonRound2', () => {
  it.each(CPYTHON_ROUND2)('rounds %s to %s as CPython does', (x, expected) => {
    expect(pythonRound2(x)).toBe(expected);
  });

  it('breaks exact binary ties to the even hundredth', () => {
    expect([0.125, 0.375, 0.625, 0.875].map(pythonRound2)).toEqual([0.12, 0.38, 0.62, 0.88]);
  });

  it('rounds 2.675 down because its double lies below the tie', () => {
    expect(pythonRound2(2.675)).toBe(2.67);
    expect(Math.round(2.675 * 100) / 100).toBe(2.68);
  });

  it('keeps the sign of a negative value that rounds to zero', () => {
    expect(Object.is(pythonRound2(-0.001), -0)).toBe(true);
    expect(Object.is(pythonRound2(-0), -0)).toBe(true);
  });

  it('leaves infinities and NaN alone', () => {
    expect(pythonRound2(Infinity)).toBe(Infinity);
    expect(pythonRound2(-Infinity)).toBe(-Infinity);
    expect(pythonRound2(NaN)).toBeNaN();
  });

  it('settles a tie beyond 2^53 / 100 without an inexact product', () => {
    // x * 100 is not exact here; a naive half-even on it gives ...572.8.
    expect(pythonRound2(787168009633572.875)).toBe(787168009633572.875);
  });
});
