import type { RunStamp } from './create-sealer.js';
import type { WitnessedRun } from './run-ledger.js';

/**
 * Runs oldest first by when they were created, as the store's ledger
 * recorded it for a run it lists (so a record or a column changed since
 * moves no run), else as the record says. Of equal times, runs the ledger
 * lists come in its order, before the others; those keep the order given
 * (the order they were stored).
 */
export function orderRuns<T extends RunStamp>(
  runs: readonly T[],
  witnessed: ReadonlyMap<string, WitnessedRun>,
): T[] {
  const position = new Map([...witnessed.keys()].map((runId, index) => [runId, index]));
  const createdAt = (run: T): string => witnessed.get(run.run_id)?.created_at ?? run.created_at;
  return [...runs].sort((a, b) => {
    const [x, y] = [createdAt(a), createdAt(b)];
    if (x !== y) return x < y ? -1 : 1;
    return (position.get(a.run_id) ?? Infinity) - (position.get(b.run_id) ?? Infinity) || 0;
  });
}
