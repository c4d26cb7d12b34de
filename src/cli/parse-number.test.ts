import { InvalidArgumentError } from 'commander';
import { describe, expect, it } from 'vitest';
import { BOUNDS } from '../core/index.js';
import { inRange } from './parse-number.js';

describe('inRange', () => {
  it('refuses --seed 1e30, naming the range and what was given', () => {
    expect(() => inRange(BOUNDS.seed)('1e30')).toThrow(InvalidArgumentError);
    expect(() => inRange(BOUNDS.seed)('1e30')).toThrow(
      'expected a whole number from 0 to 4294967295 (trial seeds derive from it as 32-bit integers); got 1e30.',
    );
  });

  it('refuses --concurrency 10000000 and --trials 99999999999', () => {
    expect(() => inRange(BOUNDS.concurrency)('10000000')).toThrow(/from 1 to 1024.*got 10000000/);
    expect(() => inRange(BOUNDS.trials)('99999999999')).toThrow(/from 1 to 10000.*got 99999999999/);
  });

  it('accepts both ends and refuses just outside them, fractions of whole numbers and blanks', () => {
    for (const range of [
      BOUNDS.trials,
      BOUNDS.concurrency,
      BOUNDS.seed,
      BOUNDS.maxReruns,
      BOUNDS.maxConcurrentRequests,
      BOUNDS.requestsPerMinute,
      BOUNDS.requestTimeoutS,
    ]) {
      const parse = inRange(range);
      expect(parse(String(range.min))).toBe(range.min);
      expect(parse(String(range.max))).toBe(range.max);
      expect(() => parse(String(range.min - 1))).toThrow('expected');
      expect(() => parse(String(range.max + 1))).toThrow('expected');
      expect(() => parse('')).toThrow('expected');
      expect(() => parse('NaN')).toThrow('expected');
      if (range.integer) expect(() => parse(`${range.min}.5`)).toThrow('whole number');
    }
  });
});
