import { describe, expect, it } from 'vitest';
import { passAtK } from './pass-at-k.js';
import { passHatK } from './pass-hat-k.js';

describe.each([
  ['passAtK', passAtK],
  ['passHatK', passHatK],
] as const)('%s refuses impossible counts', (name, estimator) => {
  it.each([
    ['k < 1', 4, 2, 0, 'k is 0; it must be a whole number, 1 or more'],
    ['c > n', 4, 5, 1, 'c is 5; it must be a whole number from 0 to n (4)'],
    ['c < 0', 4, -1, 1, 'c is -1; it must be a whole number from 0 to n (4)'],
    ['fractional n', 4.5, 2, 1, 'n is 4.5; it must be a whole number, 0 or more'],
    ['fractional c', 4, 1.5, 1, 'c is 1.5; it must be a whole number from 0 to n (4)'],
    ['fractional k', 4, 2, 1.5, 'k is 1.5; it must be a whole number, 1 or more'],
    ['NaN c', 4, Number.NaN, 1, 'c is NaN; it must be a whole number from 0 to n (4)'],
  ])('throws a RangeError naming the argument when %s', (_label, n, c, k, message) => {
    expect(() => estimator(n, c, k)).toThrow(new RangeError(`${name}: ${message}`));
  });
});
