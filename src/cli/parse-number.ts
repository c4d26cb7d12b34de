import { InvalidArgumentError } from 'commander';

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

/** A model request's timeout: long enough for a slow answer, short enough to notice a hung provider. */
export function requestTimeoutSeconds(value: string): number {
  const parsed = Number(value);
  if (value.trim() === '' || !Number.isFinite(parsed) || parsed < 1 || parsed > 3600) {
    throw new InvalidArgumentError('expected a number of seconds from 1 to 3600.');
  }
  return parsed;
}
