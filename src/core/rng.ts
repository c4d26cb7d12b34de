import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

/** A seeded random number generator. The only source of randomness outside the shell. */
export interface Rng {
  readonly seed: number;
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** An independent generator derived from this seed and a label. */
  fork(label: string): Rng;
}

/**
 * A 32-bit unsigned seed derived from any list of parts, stable across
 * platforms: FNV-1a over the UTF-16 code units of the parts' JSON, then
 * MurmurHash3's 32-bit finaliser so that near-identical parts (attempt 1
 * and 2) give unrelated seeds. Not cryptographic, and it need not be.
 */
export function deriveSeed(...parts: readonly (string | number)[]): number {
  const text = JSON.stringify(parts);
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

export function createRng(seed: number): Rng {
  const generator = xoroshiro128plus(seed | 0);
  const rng: Rng = {
    seed,
    next: () => uniformFloat64(generator),
    int: (min, max) => uniformInt(generator, min, max),
    chance: (probability) => uniformFloat64(generator) < probability,
    pick: (items) => {
      if (items.length === 0) throw new RangeError('pick from an empty list');
      return items[uniformInt(generator, 0, items.length - 1)] as (typeof items)[number];
    },
    fork: (label) => createRng(deriveSeed(seed, label)),
  };
  return rng;
}
