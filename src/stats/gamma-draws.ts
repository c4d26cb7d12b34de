import { createRng, deriveSeed } from '../core/index.js';
import type { Rng } from '../core/index.js';

/**
 * The Gamma weights of the task-mean bootstrap ({@link taskMeanInterval}'s
 * draws), for `resamples` draws of the first `tasks` tasks of a layout.
 *
 * - `columns` holds task i's column at `i * resamples`: `resamples`
 *   independent Exp(1) weights, one per draw. Column i is the same whatever the number of tasks, so
 *   the draws of a layout of t tasks are the first t columns of one table,
 *   and every section of a scorecard (slices, constraint kinds, the whole
 *   suite) reads the same table.
 * - `pseudo` holds each draw's four pseudo-task weights side by side:
 *   Exp(1) (whole task at 0), Gamma(½) (half at 1), Gamma(½) (half at 0),
 *   Exp(1) (whole at 1).
 * - `rowTotals[r]`: Σ over the layout's tasks of draw r's weights, added in
 *   task order (the total weight of a draw with equal task weights).
 */
export interface GammaDraws {
  /** The table, column by column: task i's weight in draw r is at `i * resamples + r`. */
  readonly columns: Float64Array;
  readonly pseudo: Float64Array;
  readonly rowTotals: Float64Array;
}

/** Pseudo-task weights per draw. */
export const PSEUDO_COLUMNS = 4;
/** Tables kept, one per number of resamples (the default, and others only tests ask for). */
const CACHED_TABLES = 4;
/** Row totals kept, one per layout: a scorecard's slices and constraint kinds each have their own. */
const CACHED_TOTALS = 32;

/** One number of resamples' table: columns drawn so far from one stream, in task order. */
interface DrawTable {
  readonly resamples: number;
  readonly rng: Rng;
  columns: Float64Array;
  tasks: number;
  readonly pseudo: Float64Array;
  readonly rowTotals: Map<number, Float64Array>;
}

const tables = new Map<number, DrawTable>();

/** Gamma(½, 1): half a squared standard normal (Box–Muller). */
function halfGamma(rng: Rng): number {
  const normal = Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());
  return (normal * normal) / 2;
}

function newTable(resamples: number): DrawTable {
  const pseudoRng = createRng(deriveSeed('task-mean-interval', 'pseudo-tasks', resamples));
  const pseudo = new Float64Array(resamples * PSEUDO_COLUMNS);
  for (let row = 0; row < resamples; row += 1) {
    const at = row * PSEUDO_COLUMNS;
    pseudo[at] = -Math.log(1 - pseudoRng.next());
    pseudo[at + 1] = halfGamma(pseudoRng);
    pseudo[at + 2] = halfGamma(pseudoRng);
    pseudo[at + 3] = -Math.log(1 - pseudoRng.next());
  }
  return {
    resamples,
    rng: createRng(deriveSeed('task-mean-interval', 'tasks', resamples)),
    columns: new Float64Array(0),
    tasks: 0,
    pseudo,
    rowTotals: new Map(),
  };
}

/** Draws columns from the table's stream until it has `tasks` of them (room grows by half at least). */
function extend(table: DrawTable, tasks: number): void {
  const { resamples, rng } = table;
  if (tasks * resamples > table.columns.length) {
    const room = Math.max(tasks, Math.ceil(table.tasks * 1.5)) * resamples;
    const grown = new Float64Array(room);
    grown.set(table.columns.subarray(0, table.tasks * resamples));
    table.columns = grown;
  }
  const columns = table.columns;
  for (let at = table.tasks * resamples; at < tasks * resamples; at += 1) {
    columns[at] = -Math.log(1 - rng.next());
  }
  table.tasks = tasks;
}

/**
 * The draws of a layout of `tasks` tasks and `resamples` draws. Seeded by
 * the number of resamples alone, so the same data always give the same
 * interval, and a layout's draws are shared by every configuration of it
 * (which makes the bounds monotone exactly).
 */
export function gammaDraws(tasks: number, resamples: number): GammaDraws {
  let table = tables.get(resamples);
  if (table === undefined) {
    if (tables.size >= CACHED_TABLES) tables.delete(tables.keys().next().value!);
    table = newTable(resamples);
    tables.set(resamples, table);
  }
  if (table.tasks < tasks) extend(table, tasks);
  const columns = table.columns;
  let rowTotals = table.rowTotals.get(tasks);
  if (rowTotals === undefined) {
    rowTotals = new Float64Array(resamples);
    for (let task = 0; task < tasks; task += 1) {
      const at = task * resamples;
      for (let row = 0; row < resamples; row += 1)
        rowTotals[row] = rowTotals[row]! + columns[at + row]!;
    }
    if (table.rowTotals.size >= CACHED_TOTALS)
      table.rowTotals.delete(table.rowTotals.keys().next().value!);
    table.rowTotals.set(tasks, rowTotals);
  }
  return {
    columns,
    pseudo: table.pseudo,
    rowTotals,
  };
}
