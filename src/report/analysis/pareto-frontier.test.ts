import { describe, expect, it } from 'vitest';
import type { FrontierPoint } from './pareto-frontier.js';
import { paretoFrontier } from './pareto-frontier.js';

const statuses = (points: readonly FrontierPoint[]) =>
  Object.fromEntries(paretoFrontier(points).map((placement) => [placement.id, placement.status]));

/**
 * The frontier by brute force from its definition, for a reference
 * independent of the code under test: a point is dominated when some other
 * point has success ≥ and cost ≤, with one strict.
 */
function bruteForce(points: readonly { id: string; success: number; costUsd: number }[]) {
  return Object.fromEntries(
    points.map((p) => {
      let dominated = false;
      for (const q of points) {
        if (q === p) continue;
        const noWorse = q.success >= p.success && q.costUsd <= p.costUsd;
        const better = q.success > p.success || q.costUsd < p.costUsd;
        if (noWorse && better) dominated = true;
      }
      return [p.id, dominated ? 'dominated' : 'frontier'];
    }),
  );
}

describe('paretoFrontier', () => {
  it('keeps the cheap and the strong, and drops a run that is both costlier and worse', () => {
    const placements = paretoFrontier([
      { id: 'strong', success: 0.9, costUsd: 2 },
      { id: 'cheap', success: 0.7, costUsd: 1 },
      { id: 'worse', success: 0.6, costUsd: 1.5 },
    ]);
    expect(placements).toEqual([
      { id: 'strong', status: 'frontier', dominated_by: [] },
      { id: 'cheap', status: 'frontier', dominated_by: [] },
      { id: 'worse', status: 'dominated', dominated_by: ['cheap'] },
    ]);
  });

  it('puts a single run on the frontier', () => {
    expect(statuses([{ id: 'only', success: 0.4, costUsd: 0.3 }])).toEqual({ only: 'frontier' });
  });

  it('keeps two runs with the same success and cost both on the frontier', () => {
    expect(
      statuses([
        { id: 'a', success: 0.5, costUsd: 1 },
        { id: 'b', success: 0.5, costUsd: 1 },
      ]),
    ).toEqual({ a: 'frontier', b: 'frontier' });
  });

  it('drops a run that ties on cost but succeeds less, and one that ties on success but costs more', () => {
    const placements = paretoFrontier([
      { id: 'best', success: 0.8, costUsd: 1 },
      { id: 'same-cost', success: 0.6, costUsd: 1 },
      { id: 'same-success', success: 0.8, costUsd: 3 },
    ]);
    expect(placements.map((placement) => [placement.id, placement.status])).toEqual([
      ['best', 'frontier'],
      ['same-cost', 'dominated'],
      ['same-success', 'dominated'],
    ]);
    expect(placements[2]!.dominated_by).toEqual(['best']);
  });

  it('when every run fails at 0%, keeps only the cheapest (ties included)', () => {
    expect(
      statuses([
        { id: 'a', success: 0, costUsd: 0.5 },
        { id: 'b', success: 0, costUsd: 0.2 },
        { id: 'c', success: 0, costUsd: 0.2 },
        { id: 'd', success: 0, costUsd: 0.9 },
      ]),
    ).toEqual({ a: 'dominated', b: 'frontier', c: 'frontier', d: 'dominated' });
  });

  it('lists a run of unknown cost without placing it, and lets it dominate nothing', () => {
    const placements = paretoFrontier([
      { id: 'unpriced', success: 1, costUsd: null },
      { id: 'priced', success: 0.5, costUsd: 2 },
    ]);
    expect(placements).toEqual([
      { id: 'unpriced', status: 'unknown-cost', dominated_by: [] },
      { id: 'priced', status: 'frontier', dominated_by: [] },
    ]);
  });

  it('does not place a run without a valid trial (NaN success)', () => {
    expect(
      statuses([
        { id: 'empty', success: Number.NaN, costUsd: 0 },
        { id: 'ran', success: 0.2, costUsd: 1 },
      ]),
    ).toEqual({ empty: 'no-valid-trials', ran: 'frontier' });
  });

  it('agrees with brute force on every set of 5 runs drawn from a small grid', () => {
    const grid = [0, 0.5, 1];
    let checked = 0;
    // Each run's (success, cost) from a 3 × 3 grid: 9^5 sets is too many; a seeded stride covers ties and orders.
    for (let code = 0; code < 9 ** 5; code += 37) {
      const points = Array.from({ length: 5 }, (_, index) => {
        const cell = Math.floor(code / 9 ** index) % 9;
        return { id: `r${index}`, success: grid[cell % 3]!, costUsd: grid[Math.floor(cell / 3)]! };
      });
      expect(statuses(points)).toEqual(bruteForce(points));
      checked++;
    }
    expect(checked).toBeGreaterThan(1000);
  });
});
