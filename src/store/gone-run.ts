import type { RunStatus } from '../schema/index.js';
import type { WitnessedRun } from './run-ledger.js';

/**
 * A run the store's ledger lists that the store no longer holds: it was
 * removed outside endstate (endstate never removes a run).
 */
export interface GoneRun {
  readonly run_id: string;
  /** When it was created, as the ledger recorded it. */
  readonly created_at: string;
  /** How it was last closed, as the ledger recorded it; absent when it was never closed. */
  readonly closed?: { readonly status: RunStatus; readonly trials: number };
}

/** The runs `witnessed` lists that are not among `storedIds`, oldest first. */
export function goneRuns(
  witnessed: ReadonlyMap<string, WitnessedRun>,
  storedIds: ReadonlySet<string>,
): GoneRun[] {
  const gone: GoneRun[] = [];
  for (const run of witnessed.values()) {
    if (storedIds.has(run.run_id)) continue;
    gone.push({
      run_id: run.run_id,
      created_at: run.created_at,
      ...(run.closed === undefined
        ? {}
        : { closed: { status: run.closed.status, trials: run.closed.trials } }),
    });
  }
  // Stable: runs created at the same time keep the ledger's order.
  return gone.sort((a, b) =>
    a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0,
  );
}

/**
 * One line for a gone run, for messages; `as` names what pointed at it
 * (`latest`), when not its id.
 *
 * @example
 * describeGoneRun({ run_id: 'r1', created_at: '2026-11-01T00:00:00.000Z' });
 * // 'run r1 was in this store and is gone (removed outside endstate; created 2026-11-01T00:00:00.000Z, never closed)'
 * describeGoneRun({ run_id: 'r1', created_at: '2026-11-01T00:00:00.000Z' }, 'latest');
 * // '"latest" is run r1, which was in this store and is gone (removed outside endstate; ...)'
 */
export function describeGoneRun(gone: GoneRun, as?: string): string {
  const closed =
    gone.closed === undefined
      ? 'never closed'
      : `closed ${gone.closed.status} with ${gone.closed.trials} trial(s)`;
  const subject =
    as === undefined || as === gone.run_id
      ? `run ${gone.run_id}`
      : `"${as}" is run ${gone.run_id}, which`;
  return `${subject} was in this store and is gone (removed outside endstate; created ${gone.created_at}, ${closed})`;
}
