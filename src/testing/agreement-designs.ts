import type { Rng } from '../core/index.js';

/**
 * Two raters' joint label probabilities for simulations of agreement: the
 * first rater gives label i with probability `prevalence[i]`; the second
 * agrees with probability `accuracy`, its errors spread evenly over the
 * other labels.
 */
export function agreementCells(prevalence: readonly number[], accuracy: number): number[][] {
  const labels = prevalence.length;
  return prevalence.map((share, i) =>
    prevalence.map((_, j) => share * (i === j ? accuracy : (1 - accuracy) / (labels - 1))),
  );
}

/** Cohen's kappa of a table of probabilities or counts, computed directly from its definition. */
export function kappaOfCells(cells: readonly (readonly number[])[]): number {
  const total = cells.flat().reduce((a, b) => a + b, 0);
  const rows = cells.map((row) => row.reduce((a, b) => a + b, 0) / total);
  const columns = cells[0]!.map((_, j) => cells.reduce((sum, row) => sum + row[j]!, 0) / total);
  const observed = cells.reduce((sum, row, i) => sum + row[i]!, 0) / total;
  const chance = rows.reduce((sum, row, i) => sum + row * columns[i]!, 0);
  return (observed - chance) / (1 - chance);
}

/** A confusion table of `items` items drawn from the cell probabilities. */
export function sampleAgreementTable(
  rng: Rng,
  cells: readonly (readonly number[])[],
  items: number,
): number[][] {
  const table = cells.map((row) => row.map(() => 0));
  const flat = cells.flatMap((row, i) => row.map((p, j) => ({ p, i, j })));
  for (let item = 0; item < items; item++) {
    let u = rng.next();
    const cell = flat.find(({ p }) => (u -= p) < 0) ?? flat[flat.length - 1]!;
    table[cell.i]![cell.j]! += 1;
  }
  return table;
}

/** A confusion table with the items' tasks: per task, its items and how many agree. */
export interface ClusteredAgreementSample {
  readonly table: number[][];
  readonly clusters: { agreed: number; items: number }[];
}

/** How `sampleClusteredAgreement` draws a set of tasks. */
export interface ClusteredAgreementDesign {
  readonly tasks: number;
  /** Items per task, drawn uniformly from [min, max]. */
  readonly itemsPerTask: readonly [min: number, max: number];
  /**
   * The correlation of any item-level indicator between two items of one
   * task, in [0, 1]: each item copies its task's template pair with
   * probability √icc, else is drawn afresh; 1 makes a task's items copies.
   */
  readonly icc: number;
}

/**
 * Items clustered in tasks, every item's (reference, rater) pair drawn
 * from the cell probabilities (so the true kappa is that of the cells)
 * but items of one task correlated: a task draws a template pair, and each
 * of its items repeats it with probability √icc.
 */
export function sampleClusteredAgreement(
  rng: Rng,
  cells: readonly (readonly number[])[],
  design: ClusteredAgreementDesign,
): ClusteredAgreementSample {
  const table = cells.map((row) => row.map(() => 0));
  const flat = cells.flatMap((row, i) => row.map((p, j) => ({ p, i, j })));
  const draw = () => {
    let u = rng.next();
    return flat.find(({ p }) => (u -= p) < 0) ?? flat[flat.length - 1]!;
  };
  const copy = Math.sqrt(design.icc);
  const [min, max] = design.itemsPerTask;
  const clusters: { agreed: number; items: number }[] = [];
  for (let task = 0; task < design.tasks; task++) {
    const template = draw();
    const items = min + Math.floor(rng.next() * (max - min + 1));
    let agreed = 0;
    for (let item = 0; item < items; item++) {
      const cell = rng.next() < copy ? template : draw();
      table[cell.i]![cell.j]! += 1;
      if (cell.i === cell.j) agreed++;
    }
    clusters.push({ agreed, items });
  }
  return { table, clusters };
}

/**
 * The textbook large-sample interval for kappa (Fleiss, Cohen and Everitt,
 * 1969), kept as a comparator: its standard error goes to 0 as agreement
 * nears 1.
 */
export function largeSampleKappaInterval(
  table: readonly (readonly number[])[],
  quantile = 1.959963984540054,
): readonly [number, number] {
  const n = table.flat().reduce((a, b) => a + b, 0);
  const p = table.map((row) => row.map((count) => count / n));
  const rows = p.map((row) => row.reduce((a, b) => a + b, 0));
  const columns = p[0]!.map((_, j) => p.reduce((sum, row) => sum + row[j]!, 0));
  const kappa = kappaOfCells(p);
  const chance = rows.reduce((sum, row, i) => sum + row * columns[i]!, 0);
  let variance = -((kappa - chance * (1 - kappa)) ** 2);
  p.forEach((row, i) =>
    row.forEach((cell, j) => {
      variance +=
        i === j
          ? cell * (1 - (rows[i]! + columns[i]!) * (1 - kappa)) ** 2
          : cell * (1 - kappa) ** 2 * (columns[i]! + rows[j]!) ** 2;
    }),
  );
  const se = Math.sqrt(Math.max(0, variance) / (n * (1 - chance) ** 2));
  return [kappa - quantile * se, kappa + quantile * se];
}
