import { InvalidArgumentError } from 'commander';
import { describe, expect, it } from 'vitest';
import { BOUNDS } from '../core/index.js';
import type { AcceptedRange } from './parse-number.js';
import {
  acceptedRange,
  describedWithRange,
  inRange,
  nonNegativeInteger,
  nonNegativeNumber,
  openProbability,
  positiveInteger,
  probability,
  rangeText,
} from './parse-number.js';

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

/** Whether `value` is inside `range`, as the range says (the parser must agree). */
function inside(range: AcceptedRange, value: number): boolean {
  return (
    (!range.integer || Number.isInteger(value)) &&
    (range.minExclusive === true ? value > range.min : value >= range.min) &&
    (range.maxExclusive === true ? value < range.max : value <= range.max)
  );
}

function accepts(parse: (value: string) => number, value: number): boolean {
  try {
    return parse(String(value)) === value;
  } catch (error) {
    if (error instanceof InvalidArgumentError) return false;
    throw error;
  }
}

describe('the range each parser states', () => {
  const parsers: [string, (value: string) => number][] = [
    ['positiveInteger', positiveInteger],
    ['nonNegativeInteger', nonNegativeInteger],
    ['nonNegativeNumber', nonNegativeNumber],
    ['probability', probability],
    ['openProbability', openProbability],
    ...Object.entries(BOUNDS).map(([key, range]): [string, (value: string) => number] => [
      `inRange(BOUNDS.${key})`,
      inRange(range),
    ]),
  ];

  it.each(parsers)(
    '%s accepts exactly what its range says, at and around both ends',
    (_, parse) => {
      const range = acceptedRange(parse);
      expect(range).toBeDefined();
      const { min, max } = range!;
      const near = (at: number) => [at - 1, at - 0.5, at - 0.001, at, at + 0.001, at + 0.5, at + 1];
      const points = [...near(min), ...(Number.isFinite(max) ? near(max) : [1e12, 2 ** 53 - 1])];
      for (const point of points) {
        expect(accepts(parse, point), `${point} against ${rangeText(range!)}`).toBe(
          inside(range!, point),
        );
      }
    },
  );

  it('is stated as the help states it', () => {
    expect(rangeText(acceptedRange(inRange(BOUNDS.trials))!)).toBe('1-10000');
    expect(rangeText(acceptedRange(probability)!)).toBe('0-1');
    expect(rangeText(acceptedRange(openProbability)!)).toBe('above 0, below 1');
    expect(rangeText(acceptedRange(nonNegativeInteger)!)).toBe('0 or more');
    expect(rangeText(acceptedRange(inRange(BOUNDS.timeoutS))!)).toBe('above 0, at most 86400');
    expect(acceptedRange((value: string) => Number(value))).toBeUndefined();
  });

  it('goes into a description before its closing "(default ...)", once', () => {
    const range = acceptedRange(probability)!;
    expect(describedWithRange('slip per step (default: 0.1)', range)).toBe(
      'slip per step, 0-1 (default: 0.1)',
    );
    expect(describedWithRange('nucleus sampling', range)).toBe('nucleus sampling, 0-1');
    expect(describedWithRange('a share (0-1) of trials', range)).toBe('a share (0-1) of trials');
  });
});
