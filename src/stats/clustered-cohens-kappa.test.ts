import { describe, expect, it } from 'vitest';
import { createRng } from '../core/index.js';
import {
  agreementCells,
  kappaOfCells,
  sampleClusteredAgreement,
} from '../testing/agreement-designs.js';
import { clusteredCohensKappa } from './clustered-cohens-kappa.js';
import { cohensKappa } from './cohens-kappa.js';

/** A task's items, all alike: `items` copies of (reference, rater). */
interface TaskItems {
  readonly reference: 0 | 1;
  readonly rater: 0 | 1;
  readonly items: number;
}

function tableAndClusters(tasks: readonly TaskItems[]) {
  const table = [
    [0, 0],
    [0, 0],
  ];
  for (const task of tasks) table[task.reference]![task.rater]! += task.items;
  const clusters = tasks.map((task) => ({
    agreed: task.reference === task.rater ? task.items : 0,
    items: task.items,
  }));
  return { table, clusters };
}

/** 30 tasks: 14 both 1, 10 both 0, 3 and 3 disagreeing (p_o 0.8), each of `items` items. */
const thirtyTasks = (items: number): TaskItems[] => [
  ...Array.from({ length: 14 }, () => ({ reference: 1 as const, rater: 1 as const, items })),
  ...Array.from({ length: 10 }, () => ({ reference: 0 as const, rater: 0 as const, items })),
  ...Array.from({ length: 3 }, () => ({ reference: 1 as const, rater: 0 as const, items })),
  ...Array.from({ length: 3 }, () => ({ reference: 0 as const, rater: 1 as const, items })),
];

const width = (interval: { lower: number; upper: number }) => interval.upper - interval.lower;

describe('clusteredCohensKappa', () => {
  it('is about √4 = 2 times wider than the independent interval when each task is 4 copies of one item', () => {
    const copies = tableAndClusters(thirtyTasks(4));
    const clustered = clusteredCohensKappa(copies.table, copies.clusters);
    const independent = cohensKappa(copies.table);
    expect(clustered.kappa).toBeCloseTo(independent.kappa, 12);
    expect(clustered.tasks).toBe(30);
    expect(clustered.items).toBe(120);
    expect(clustered.method).toBe('task-bootstrap-agreement');
    const ratio = width(clustered.interval) / width(independent.interval);
    expect(ratio).toBeGreaterThan(1.7);
    expect(ratio).toBeLessThan(2.3);
    // 30 tasks of 4 copies carry about what 30 tasks of one item do (these
    // take the exact bounds of 30 items, slightly wider than the bootstrap's).
    const single = tableAndClusters(thirtyTasks(1));
    const once = clusteredCohensKappa(single.table, single.clusters);
    expect(width(clustered.interval)).toBeGreaterThan(0.9 * width(once.interval));
    expect(width(clustered.interval)).toBeLessThanOrEqual(width(once.interval));
  });

  it('gives the exact independent interval when every item is its own task', () => {
    const single = tableAndClusters(thirtyTasks(1));
    const clustered = clusteredCohensKappa(single.table, single.clusters);
    const independent = cohensKappa(single.table);
    expect(clustered.interval).toEqual(independent.interval);
    expect(clustered.method).toBe('clopper-pearson-agreement');
    expect(clustered.tasks).toBe(30);
  });

  it('gives one task the exact bounds of its items', () => {
    const result = clusteredCohensKappa(
      [
        [3, 1],
        [0, 4],
      ],
      [{ agreed: 7, items: 8 }],
    );
    const exact = cohensKappa([
      [3, 1],
      [0, 4],
    ]);
    expect(result.method).toBe('clopper-pearson-agreement');
    expect(result.interval).toEqual(exact.interval);
  });

  it('never lowers a bound when a disagreeing task comes to agree', () => {
    const before = tableAndClusters(thirtyTasks(4));
    const tasks = thirtyTasks(4);
    const after = tableAndClusters([
      ...tasks.slice(0, 24),
      { reference: 1, rater: 1, items: 4 },
      ...tasks.slice(25),
    ]);
    // The margins move too, so compare the agreement's bounds, which kappa's map.
    const a = clusteredCohensKappa(before.table, before.clusters).agreementInterval;
    const b = clusteredCohensKappa(after.table, after.clusters).agreementInterval;
    expect(b.lower).toBeGreaterThanOrEqual(a.lower);
    expect(b.upper).toBeGreaterThanOrEqual(a.upper);
  });

  it('refuses clusters that do not add up to the table', () => {
    expect(() =>
      clusteredCohensKappa(
        [
          [2, 0],
          [0, 2],
        ],
        [{ agreed: 3, items: 3 }],
      ),
    ).toThrow(/add up to the table/);
    expect(() => clusteredCohensKappa([[1]], [{ agreed: 2, items: 1 }])).toThrow(/0 ≤ agreed/);
  });

  it('covers the true kappa at least 92% of the time with items clustered 2–8 per task, where the independent interval does not', () => {
    // A design from the clustered grid of docs/statistics.md: 30 tasks of
    // 2–8 items, within-task correlation 0.7, people 80/20, judge 85%.
    const cells = agreementCells([0.8, 0.2], 0.85);
    const truth = kappaOfCells(cells);
    const rng = createRng(20_261_207);
    let defined = 0;
    let covered = 0;
    let independentCovered = 0;
    for (let draw = 0; draw < 300; draw++) {
      const { table, clusters } = sampleClusteredAgreement(rng, cells, {
        tasks: 30,
        itemsPerTask: [2, 8],
        icc: 0.7,
      });
      const result = clusteredCohensKappa(table, clusters);
      if (Number.isNaN(result.kappa)) continue;
      defined++;
      if (result.interval.lower <= truth && truth <= result.interval.upper) covered++;
      const independent = cohensKappa(table).interval;
      if (independent.lower <= truth && truth <= independent.upper) independentCovered++;
    }
    expect(defined).toBeGreaterThan(290);
    expect(covered / defined).toBeGreaterThanOrEqual(0.92);
    expect(independentCovered / defined).toBeLessThan(0.85);
  });
});
