import { InvalidArgumentError } from 'commander';
// Not through core/index.js, which also loads the CEL and RE2 engines: flag
// parsers are declared for `--help`, which must stay light (see main.ts).
import { describeRange } from '../core/bounds.js';
import type { NumericRange } from '../core/bounds.js';

/**
 * A parser for a flag with a documented range (src/core/bounds.ts): refuses
 * anything outside it, naming the range and what was given.
 */
export function inRange(range: NumericRange): (value: string) => number {
  return (value) => {
    const parsed = value.trim() === '' ? Number.NaN : Number(value);
    const isInside =
      Number.isFinite(parsed) &&
      (!range.integer || Number.isInteger(parsed)) &&
      (range.minExclusive === true ? parsed > range.min : parsed >= range.min) &&
      parsed <= range.max;
    if (!isInside)
      throw new InvalidArgumentError(
        `expected ${describeRange(range)} (${range.why}); got ${value}. See "Bounds" in docs/cli.md.`,
      );
    return parsed;
  };
}

/** Commander argument parsers that name the option and what it needs. */
export function positiveInteger(value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1)
    throw new InvalidArgumentError('expected a whole number of 1 or more.');
  return parsed;
}

export function nonNegativeInteger(value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0)
    throw new InvalidArgumentError('expected a whole number of 0 or more.');
  return parsed;
}

export function probability(value: string): number {
  const parsed = Number(value);
  if (value.trim() === '' || !Number.isFinite(parsed) || parsed < 0 || parsed > 1) {
    throw new InvalidArgumentError('expected a probability between 0 and 1.');
  }
  return parsed;
}

export function nonNegativeNumber(value: string): number {
  const parsed = Number(value);
  if (value.trim() === '' || !Number.isFinite(parsed) || parsed < 0) {
    throw new InvalidArgumentError('expected a number of 0 or more.');
  }
  return parsed;
}

export function openProbability(value: string): number {
  const parsed = Number(value);
  if (value.trim() === '' || !Number.isFinite(parsed) || parsed <= 0 || parsed >= 1) {
    throw new InvalidArgumentError('expected a number strictly between 0 and 1.');
  }
  return parsed;
}
