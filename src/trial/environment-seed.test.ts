import { describe, expect, it } from 'vitest';
import { createRng } from '../core/index.js';
import { environmentSeed } from './environment-seed.js';

describe('environmentSeed', () => {
  it("is the trial RNG's environment fork, which stored trials were played with", () => {
    for (const seed of [0, 1, 7, 2 ** 31, 4294967295]) {
      expect(environmentSeed(seed)).toBe(createRng(seed).fork('environment').seed);
    }
  });

  it('stays what it was, so stored records replay alike', () => {
    expect([environmentSeed(0), environmentSeed(42)]).toEqual([4289077345, 3769267080]);
  });
});
