import { InvalidArgumentError } from 'commander';
import type { Command } from 'commander';
// Not through core/index.js, which also loads the CEL and RE2 engines: flag
// parsers are declared for `--help`, which must stay light (see main.ts).
import { describeRange } from '../core/bounds.js';
import type { NumericRange } from '../core/bounds.js';

/**
 * What a flag's parser accepts: the range its help states (`withRangesInHelp`)
 * and its check enforces (parse-number.test.ts holds them to each other).
 */
export interface AcceptedRange {
  readonly min: number;
  /** Infinity: no upper end. */
  readonly max: number;
  readonly minExclusive?: boolean;
  readonly maxExclusive?: boolean;
  readonly integer: boolean;
}

type NumberParser = (value: string) => number;

/** The parsers of this module, each with its range. */
const RANGES = new WeakMap<NumberParser, AcceptedRange>();

function ranged<T extends NumberParser>(range: AcceptedRange, parse: T): T {
  RANGES.set(parse, range);
  return parse;
}

/** The range a parser of this module accepts, or undefined for any other function. */
export function acceptedRange(parse: unknown): AcceptedRange | undefined {
  return typeof parse === 'function' ? RANGES.get(parse as NumberParser) : undefined;
}

/** A range as the help states it: "1-10000", "0 or more", "above 0, below 1". */
export function rangeText(range: AcceptedRange): string {
  const low = range.minExclusive === true ? `above ${range.min}` : `${range.min}`;
  if (range.max === Number.POSITIVE_INFINITY)
    return range.minExclusive === true ? low : `${range.min} or more`;
  if (range.minExclusive !== true && range.maxExclusive !== true) return `${low}-${range.max}`;
  return `${low}, ${range.maxExclusive === true ? 'below' : 'at most'} ${range.max}`;
}

/** A description with the range in it, before a closing "(default ...)" if it has one. */
export function describedWithRange(description: string, range: AcceptedRange): string {
  const text = rangeText(range);
  if (description.includes(text)) return description;
  const withDefault = /^(.*) (\(default[^()]*\))$/s.exec(description);
  if (withDefault !== null) return `${withDefault[1]}, ${text} ${withDefault[2]}`;
  return `${description}, ${text}`;
}

/** States, in the help of every command of `program`, the range each numeric option and argument accepts. */
export function withRangesInHelp(program: Command): Command {
  for (const command of program.commands) {
    for (const item of [...command.options, ...command.registeredArguments]) {
      const range = acceptedRange(item.parseArg);
      if (range !== undefined) item.description = describedWithRange(item.description, range);
    }
    withRangesInHelp(command);
  }
  return program;
}

/**
 * A parser for a flag with a documented range (src/core/bounds.ts): refuses
 * anything outside it, naming the range and what was given.
 */
export function inRange(range: NumericRange): (value: string) => number {
  return ranged(
    {
      min: range.min,
      max: range.max,
      integer: range.integer,
      ...(range.minExclusive === true ? { minExclusive: true } : {}),
    },
    (value) => {
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
    },
  );
}

/** Commander argument parsers that name the option and what it needs. */
export const positiveInteger = ranged(
  { min: 1, max: Number.POSITIVE_INFINITY, integer: true },
  (value: string): number => {
    const parsed = Number(value);
    if (!Number.isInteger(parsed) || parsed < 1)
      throw new InvalidArgumentError('expected a whole number of 1 or more.');
    return parsed;
  },
);

export const nonNegativeInteger = ranged(
  { min: 0, max: Number.POSITIVE_INFINITY, integer: true },
  (value: string): number => {
    const parsed = Number(value);
    if (!Number.isInteger(parsed) || parsed < 0)
      throw new InvalidArgumentError('expected a whole number of 0 or more.');
    return parsed;
  },
);

export const probability = ranged({ min: 0, max: 1, integer: false }, (value: string): number => {
  const parsed = Number(value);
  if (value.trim() === '' || !Number.isFinite(parsed) || parsed < 0 || parsed > 1) {
    throw new InvalidArgumentError('expected a probability between 0 and 1.');
  }
  return parsed;
});

export const nonNegativeNumber = ranged(
  { min: 0, max: Number.POSITIVE_INFINITY, integer: false },
  (value: string): number => {
    const parsed = Number(value);
    if (value.trim() === '' || !Number.isFinite(parsed) || parsed < 0) {
      throw new InvalidArgumentError('expected a number of 0 or more.');
    }
    return parsed;
  },
);

export const openProbability = ranged(
  { min: 0, max: 1, minExclusive: true, maxExclusive: true, integer: false },
  (value: string): number => {
    const parsed = Number(value);
    if (value.trim() === '' || !Number.isFinite(parsed) || parsed <= 0 || parsed >= 1) {
      throw new InvalidArgumentError('expected a number strictly between 0 and 1.');
    }
    return parsed;
  },
);
