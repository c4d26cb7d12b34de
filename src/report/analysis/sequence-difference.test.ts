import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  NO_CLUSTERS,
  expectNotLower,
  items,
  sweepLayouts,
} from '../../../test/support/sequence-layouts.js';
import { pairedClusterDifference } from './sequence-difference.js';

describe('pairedClusterDifference', () => {
  it('is monotone in each side over every layout of 2 sequences x 2 episodes a side', () => {
    // Each of 9² layouts, each sequence's two sides moved where they can be (2/3 of the time).
    // Every layout of 3 sequences: sequence-difference-sweep.test.ts (slow tier).
    expect(sweepLayouts(2)).toBe(9 ** 2 * 2 * 2 * (2 / 3));
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
