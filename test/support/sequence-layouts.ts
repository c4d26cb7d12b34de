import { expect } from 'vitest';
import { pairedClusterDifference } from '../../src/report/analysis/sequence-difference.js';
import type { ClusterDifference } from '../../src/report/analysis/sequence-difference.js';

export const NO_CLUSTERS: ReadonlyMap<string, string> = new Map<string, string>();

/** Sequences s0, s1, … with `successes[i] = [a, b]` out of `episodes` on each side. */
export function items(
  successes: readonly (readonly [number, number])[],
  episodes: number,
  weights?: readonly number[],
): ClusterDifference[] {
  return successes.map(([a, b], index) => ({
    sequence: `s${index}`,
    rateA: a / episodes,
    rateB: b / episodes,
    episodesA: episodes,
    episodesB: episodes,
    ...(weights === undefined ? {} : { weight: weights[index]! }),
  }));
}

/** Asserts the move from `base` to `moved` (one more success on side A, or one fewer on B) never lowers a bound. */
export function expectNotLower(
  base: readonly (readonly [number, number])[],
  moved: readonly (readonly [number, number])[],
  episodes: number,
  clusters: ReadonlyMap<string, string>,
  weights?: readonly number[],
): void {
  const before = pairedClusterDifference(items(base, episodes, weights), clusters);
  const after = pairedClusterDifference(items(moved, episodes, weights), clusters);
  expect(after.ci95[0]).toBeGreaterThanOrEqual(before.ci95[0] - 1e-12);
  expect(after.ci95[1]).toBeGreaterThanOrEqual(before.ci95[1] - 1e-12);
}

/**
 * Checks every layout of `sequences` sequences × 2 episodes a side: each
 * sequence's A side one success up, and its B side one down, where they
 * can move, never lowers a bound. Returns the number of moves checked.
 */
export function sweepLayouts(sequences: number): number {
  const sides: [number, number][] = [];
  for (let a = 0; a <= 2; a += 1) for (let b = 0; b <= 2; b += 1) sides.push([a, b]);
  let moves = 0;
  for (let code = 0; code < sides.length ** sequences; code += 1) {
    const layout = Array.from(
      { length: sequences },
      (_, index) => sides[Math.floor(code / sides.length ** index) % sides.length]!,
    );
    layout.forEach(([a, b], index) => {
      const set = (next: [number, number]) => layout.map((side, i) => (i === index ? next : side));
      if (a < 2) {
        expectNotLower(layout, set([a + 1, b]), 2, NO_CLUSTERS);
        moves += 1;
      }
      if (b > 0) {
        expectNotLower(layout, set([a, b - 1]), 2, NO_CLUSTERS);
        moves += 1;
      }
    });
  }
  return moves;
}
