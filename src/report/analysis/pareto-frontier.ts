/** A run as the frontier sees it: its success rate and what it cost. */
export interface FrontierPoint {
  readonly id: string;
  /** Task-weighted success rate; NaN when the run has no valid trial. */
  readonly success: number;
  /** Cost per trial in USD; null when unknown (a model no pricing table priced). */
  readonly costUsd: number | null;
}

/**
 * Where a run stands. `frontier`: no other placed run is at least as
 * successful and at most as costly while strictly better in one of the two.
 * `dominated`: some run is. `unknown-cost` and `no-valid-trials`: not placed,
 * so neither on the frontier nor dominating another.
 */
export type FrontierStatus = 'frontier' | 'dominated' | 'unknown-cost' | 'no-valid-trials';

export interface FrontierPlacement {
  readonly id: string;
  readonly status: FrontierStatus;
  /** The placed runs that dominate this one, in input order; empty unless `dominated`. */
  readonly dominated_by: readonly string[];
}

/** Whether `q` dominates `p`: success ≥ and cost ≤, one of them strictly. */
function dominates(q: Placed, p: Placed): boolean {
  return (
    q.success >= p.success &&
    q.costUsd <= p.costUsd &&
    (q.success > p.success || q.costUsd < p.costUsd)
  );
}

type Placed = FrontierPoint & { readonly costUsd: number };

/**
 * The cost–success Pareto frontier of a set of runs (higher success and
 * lower cost are better). Runs with the same success and the same cost do
 * not dominate each other, so both are on the frontier when nothing else
 * beats them. Runs with an unknown cost or no valid trial are not placed.
 * Returns one placement per point, in input order. Pure.
 *
 * @example
 * paretoFrontier([
 *   { id: 'a', success: 0.9, costUsd: 2 },
 *   { id: 'b', success: 0.7, costUsd: 1 },
 *   { id: 'c', success: 0.6, costUsd: 1.5 },
 * ]).map((p) => p.status);
 * // ['frontier', 'frontier', 'dominated'] (c by b)
 */
export function paretoFrontier(points: readonly FrontierPoint[]): FrontierPlacement[] {
  const placed = points.filter(
    (point): point is Placed =>
      point.costUsd !== null && Number.isFinite(point.costUsd) && !Number.isNaN(point.success),
  );
  return points.map((point) => {
    if (Number.isNaN(point.success)) {
      return { id: point.id, status: 'no-valid-trials', dominated_by: [] };
    }
    if (point.costUsd === null || !Number.isFinite(point.costUsd)) {
      return { id: point.id, status: 'unknown-cost', dominated_by: [] };
    }
    const self = point as Placed;
    const by = placed.filter((other) => other !== self && dominates(other, self));
    return {
      id: point.id,
      status: by.length === 0 ? 'frontier' : 'dominated',
      dominated_by: by.map((other) => other.id),
    };
  });
}
