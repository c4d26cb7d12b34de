import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pairedClusterDifference } from './sequence-difference.js';
import type { ClusterDifference } from './sequence-difference.js';

const NO_CLUSTERS = new Map<string, string>();

/** Sequences s0, s1, … with `successes[i] = [a, b]` out of `episodes` on each side. */
function items(
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
function expectNotLower(
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

describe('pairedClusterDifference', () => {
  it('is monotone in each side over every layout of 3 sequences x 2 episodes a side', () => {
    const sides: [number, number][] = [];
    for (let a = 0; a <= 2; a += 1) for (let b = 0; b <= 2; b += 1) sides.push([a, b]);
    let moves = 0;
    for (const first of sides) {
      for (const second of sides) {
        for (const third of sides) {
          const layout = [first, second, third];
          layout.forEach(([a, b], index) => {
            const set = (next: [number, number]) =>
              layout.map((side, i) => (i === index ? next : side));
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
      }
    }
    // Each of 9³ layouts, each sequence's two sides moved where they can be (2/3 of the time).
    expect(moves).toBe(9 ** 3 * 3 * 2 * (2 / 3));
  });

  it('has no jump when every sequence moves the same way', () => {
    const allDown = pairedClusterDifference(items(Array(5).fill([4, 0]), 4), NO_CLUSTERS);
    const oneLess = pairedClusterDifference(
      items([...Array(4).fill([4, 0]), [3, 0]], 4),
      NO_CLUSTERS,
    );
    expect(allDown.value).toBe(1);
    expect(allDown.ci95[1]).toBe(1);
    expect(allDown.ci95[0]).toBeLessThan(1);
    expect(oneLess.ci95[0]).toBeLessThanOrEqual(allDown.ci95[0]);
    expect(allDown.ci95[0] - oneLess.ci95[0]).toBeLessThan(0.1);
  });

  it('is monotone on random larger layouts, with twins joined and unequal weights', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 20 }),
        fc.integer({ min: 1, max: 8 }),
        fc.array(fc.tuple(fc.nat(), fc.nat(), fc.integer({ min: 1, max: 6 })), {
          minLength: 20,
          maxLength: 20,
        }),
        fc.nat(),
        fc.boolean(),
        (count, episodes, raw, pick, weighted) => {
          const layout = raw
            .slice(0, count)
            .map(([a, b]) => [a % (episodes + 1), b % (episodes + 1)] as [number, number]);
          const weights = weighted ? raw.slice(0, count).map(([, , w]) => w) : undefined;
          // Pairs of neighbours are twins: one cluster.
          const clusters = new Map(layout.map((_, i) => [`s${i}`, `c${Math.floor(i / 2)}`]));
          const index = pick % count;
          const [a, b] = layout[index]!;
          const moved = layout.map((side, i): [number, number] =>
            i === index ? [Math.min(episodes, a + 1), Math.max(0, b - 1)] : side,
          );
          expectNotLower(layout, moved, episodes, clusters, weights);
        },
      ),
      { numRuns: 300, seed: 32 },
    );
  });

  it('says when one cluster stands for the suite', () => {
    const one = pairedClusterDifference(items([[3, 1]], 4), NO_CLUSTERS);
    expect(one.value).toBe(0.5);
    expect(one.fallback_reason).toMatch(/one cluster/);
    expect(one.ci95[0]).toBeLessThan(0.5);
  });
});
