import { describe, expect, it } from 'vitest';
import { statsReference } from '../../test/support/stats-reference.js';
import { createRng } from '../core/index.js';
import { MAX_EXACT_SIGN_FLIPS, signFlipPermutationTest } from './sign-flip-permutation-test.js';

/** The p-value by visiting every sign pattern one by one. */
function bruteForceP(differences: readonly number[]): number {
  const observed = Math.abs(differences.reduce((sum, value) => sum + value, 0));
  let hits = 0;
  for (let mask = 0; mask < 2 ** differences.length; mask += 1) {
    let sum = 0;
    differences.forEach((value, index) => (sum += mask & (1 << index) ? -value : value));
    if (Math.abs(sum) >= observed - 1e-9) hits += 1;
  }
  return hits / 2 ** differences.length;
}

/**
 * The exact p-value of differences that are whole multiples of 1/steps, by
 * counting sign patterns per integer sum (dynamic programming, exact in
 * doubles up to 2^53 patterns): independent of the code under test.
 */
function latticeP(steps: readonly number[]): number {
  let counts = new Map<number, number>([[0, 1]]);
  for (const step of steps) {
    const next = new Map<number, number>();
    for (const [sum, count] of counts) {
      for (const signed of [step, -step])
        next.set(sum + signed, (next.get(sum + signed) ?? 0) + count);
    }
    counts = next;
  }
  const observed = Math.abs(steps.reduce((sum, step) => sum + step, 0));
  let hits = 0;
  for (const [sum, count] of counts) if (Math.abs(sum) >= observed) hits += count;
  return hits / 2 ** steps.length;
}

/** Whole steps in [−4, 4], as k = 4 trials per task give. */
function randomSteps(count: number, seed: number): number[] {
  const rng = createRng(seed);
  return Array.from({ length: count }, () => rng.int(-4, 4) || 1);
}

describe('signFlipPermutationTest', () => {
  it('matches the exact reference p-values (enumerated independently)', () => {
    const cases = statsReference.paired_comparison.cases.filter(
      (entry) => entry.sign_flip_permutation_p_two_sided_exact !== undefined,
    );
    expect(cases.length).toBeGreaterThanOrEqual(2);
    for (const { a, b, sign_flip_permutation_p_two_sided_exact: expected } of cases) {
      const differences = b.map((value, index) => value - (a[index] ?? Number.NaN));
      const test = signFlipPermutationTest(differences, { seed: 0 });
      expect(test.method).toBe('exact');
      expect(test.p).toBe(expected);
    }
  });

  it('matches the hand-worked example: 2 of 8 sign patterns reach |sum| 0.75', () => {
    expect(signFlipPermutationTest([-0.25, 0, 0, -0.25, 0, -0.25], { seed: 0 })).toEqual({
      sum: -0.75,
      p: 0.25,
      method: 'exact',
      nonZero: 3,
      signPatterns: 8,
    });
  });

  it('agrees with brute-force enumeration on random differences of 1 to 14 tasks', () => {
    const rng = createRng(7);
    for (let count = 1; count <= 14; count += 1) {
      const differences = Array.from(
        { length: count },
        () => (rng.int(-4, 4) - rng.int(-1, 1)) / 4,
      );
      const test = signFlipPermutationTest(differences, { seed: 0 });
      expect(test.p).toBe(bruteForceP(differences.filter((value) => value !== 0)));
    }
  });

  it(`stays exact up to ${MAX_EXACT_SIGN_FLIPS} non-zero differences (dynamic-programming reference)`, () => {
    const steps = randomSteps(MAX_EXACT_SIGN_FLIPS, 11);
    steps[0] = (steps[0] ?? 0) + 6; // lean one way so p is far from 1
    const test = signFlipPermutationTest(
      steps.map((step) => step / 4),
      { seed: 0 },
    );
    expect(test.method).toBe('exact');
    expect(test.signPatterns).toBe(2 ** MAX_EXACT_SIGN_FLIPS);
    expect(test.p).toBe(latticeP(steps));
  });

  it('samples sign patterns past the exact limit, within Monte Carlo error of the exact p', () => {
    const steps = [...randomSteps(60, 3), 4, 4, 4];
    const exact = latticeP(steps);
    const test = signFlipPermutationTest(
      steps.map((step) => step / 4),
      { seed: 5, resamples: 20_000 },
    );
    expect(test.method).toBe('monte-carlo');
    expect(test.signPatterns).toBe(20_000);
    const standardError = Math.sqrt((exact * (1 - exact)) / 20_000);
    expect(Math.abs(test.p - exact)).toBeLessThan(4 * standardError + 1 / 20_000);
  });

  it('gives the same Monte Carlo p for the same seed', () => {
    const differences = randomSteps(40, 1).map((step) => step / 4);
    const first = signFlipPermutationTest(differences, { seed: 9, resamples: 2000 });
    expect(signFlipPermutationTest(differences, { seed: 9, resamples: 2000 })).toEqual(first);
  });

  it('gives p = 1 when nothing differs, and refuses a non-finite difference by index', () => {
    expect(signFlipPermutationTest([0, 0, 0], { seed: 0 }).p).toBe(1);
    expect(signFlipPermutationTest([], { seed: 0 }).p).toBe(1);
    expect(() => signFlipPermutationTest([0.5, Number.NaN], { seed: 0 })).toThrow(
      new RangeError('signFlipPermutationTest: differences[1] is NaN; it must be a finite number'),
    );
    expect(() => signFlipPermutationTest([0.5], { seed: 0, resamples: 0 })).toThrow(
      /options\.resamples is 0/,
    );
  });
});
