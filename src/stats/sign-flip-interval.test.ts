import { describe, expect, it } from 'vitest';
import { createRng } from '../core/index.js';
import { compareReference } from '../../test/support/compare-reference.js';
import { signFlipInterval } from './sign-flip-interval.js';
import { signFlipPermutationTest } from './sign-flip-permutation-test.js';

describe('signFlipInterval', () => {
  it('matches the brute-force inversion of the exact test (Python, every sign pattern)', () => {
    expect(compareReference.sign_flip_interval.length).toBeGreaterThanOrEqual(4);
    for (const { differences, confidence, interval } of compareReference.sign_flip_interval) {
      const result = signFlipInterval(differences, { confidence });
      if (interval[0] === null) {
        expect(result).toEqual({ type: 'unbounded' });
      } else {
        expect(result.type).toBe('bounded');
        if (result.type !== 'bounded') continue;
        expect(result.lower).toBeCloseTo(interval[0], 12);
        expect(result.upper).toBeCloseTo(interval[1] ?? NaN, 12);
      }
    }
  });

  it('keeps exactly the shifts the sign-flip test does not reject', () => {
    const rng = createRng(11);
    for (let replicate = 0; replicate < 20; replicate += 1) {
      const differences = Array.from({ length: 7 }, () => rng.int(-8, 8) / 8);
      const result = signFlipInterval(differences);
      if (result.type !== 'bounded')
        throw new Error(`expected a bounded interval: ${differences.join(', ')}`);
      const kept = (delta: number): boolean =>
        signFlipPermutationTest(
          differences.map((difference) => difference - delta),
          { seed: 0 },
        ).p >= 0.05;
      expect(kept(result.lower)).toBe(true);
      expect(kept(result.upper)).toBe(true);
      expect(kept(result.lower - 1e-6)).toBe(false);
      expect(kept(result.upper + 1e-6)).toBe(false);
    }
  });

  it('is unbounded with 5 or fewer differences at 95%, where the test cannot reject', () => {
    expect(signFlipInterval([0.5, 0.5, 0.5, 0.5, 0.5])).toEqual({ type: 'unbounded' });
    expect(signFlipInterval([])).toEqual({ type: 'unbounded' });
  });

  it('collapses to the common value when 6 or more differences are all the same', () => {
    expect(signFlipInterval(Array<number>(6).fill(-0.125))).toEqual({
      type: 'bounded',
      lower: -0.125,
      upper: -0.125,
    });
    expect(signFlipInterval(Array<number>(40).fill(0.25)).type).toBe('bounded');
  });

  it('does not enumerate past 20 differences that differ', () => {
    const differences = Array.from({ length: 21 }, (_, index) => index / 40);
    expect(signFlipInterval(differences)).toEqual({ type: 'too-many' });
  });

  it('covers the centre of symmetric differences at least 95% of the time (simulated)', () => {
    const rng = createRng(5);
    const replicates = 2000;
    let covered = 0;
    for (let replicate = 0; replicate < replicates; replicate += 1) {
      // Differences of two runs of one system, 10 tasks, 4 trials a side: symmetric about 0.
      const differences = Array.from({ length: 10 }, () => {
        const rate = rng.next();
        let a = 0;
        let b = 0;
        for (let trial = 0; trial < 4; trial += 1) {
          if (rng.next() < rate) a += 1;
          if (rng.next() < rate) b += 1;
        }
        return (b - a) / 4;
      });
      const result = signFlipInterval(differences);
      if (result.type !== 'bounded' || (result.lower <= 0 && result.upper >= 0)) covered += 1;
    }
    expect(covered / replicates).toBeGreaterThanOrEqual(0.95);
  });

  it('refuses a non-finite difference or a level outside (0, 1), naming it', () => {
    expect(() => signFlipInterval([0.1, Number.POSITIVE_INFINITY])).toThrow(
      new RangeError('signFlipInterval: differences[1] is Infinity; it must be a finite number'),
    );
    expect(() => signFlipInterval([0.1], { confidence: 0 })).toThrow(/options\.confidence is 0/);
  });
});
