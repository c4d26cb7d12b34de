import type { Rng } from '../../../core/index.js';
import { createRng, deriveSeed } from '../../../core/index.js';

/** A random run of `length` digits, without a leading zero (ids keep their shape). */
export function randomDigits(rng: Rng, length: number): string {
  let digits = String(rng.int(1, 9));
  while (digits.length < length) digits += String(rng.int(0, 9));
  return digits;
}

/**
 * A new value `make()` gives that is not yet taken, and takes it. Throws
 * after many tries, which only a space nearly full of ids can cause.
 */
export function drawUnused(taken: Set<string>, make: () => string): string {
  for (let attempt = 0; attempt < 10_000; attempt++) {
    const value = make();
    if (!taken.has(value)) {
      taken.add(value);
      return value;
    }
  }
  throw new RangeError('no unused value left: the id space is too small for the data');
}

/**
 * The digits a run of digits outside the data maps to: a function of the
 * seed and the digits alone, so the same run maps the same way wherever it
 * appears (an instruction and a tool argument agree).
 */
export function digitsFor(seed: number, digits: string): string {
  return randomDigits(createRng(deriveSeed(seed, 'digits', digits)), digits.length);
}
