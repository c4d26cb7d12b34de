import { describe, expect, it } from 'vitest';
import { createRng, deriveSeed } from './rng.js';

describe('deriveSeed', () => {
  it('matches FNV-1a and MurmurHash3 fmix32 computed independently (Python)', () => {
    // python3: fnv1a32('[7,"refund-8842",1,0]') then fmix32 -> 0xf61580a0
    expect(deriveSeed(7, 'refund-8842', 1, 0)).toBe(0xf61580a0);
  });

  it('spreads neighbouring attempts over the whole 32-bit range', () => {
    const seeds = Array.from({ length: 1000 }, (_, attempt) => deriveSeed(0, 'task', attempt, 0));
    expect(new Set(seeds).size).toBe(1000);
    const highBitSet = seeds.filter((seed) => seed >= 2 ** 31).length;
    expect(highBitSet).toBeGreaterThan(430);
    expect(highBitSet).toBeLessThan(570);
  });
});

describe('createRng', () => {
  it('repeats its sequence for a seed and forks independent streams', () => {
    const a = createRng(42);
    const b = createRng(42);
    expect(Array.from({ length: 5 }, () => a.next())).toEqual(
      Array.from({ length: 5 }, () => b.next()),
    );
    const child = createRng(42).fork('agent');
    expect(child.next()).not.toBe(createRng(42).next());
    expect(createRng(1).int(3, 3)).toBe(3);
  });
});
