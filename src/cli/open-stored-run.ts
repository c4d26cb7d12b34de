import { EndstateError } from '../core/index.js';
import type { RunRecord } from '../schema/index.js';
import { describeGoneRun } from '../store/index.js';
import type { GoneRun, RunStore } from '../store/index.js';
import type { CliIo } from './cli-io.js';
import { openExistingStore } from './store-path.js';
import type { StoreSpec } from './store-path.js';

/** `latest~N`: the N-th run before the latest (`latest~0` is the latest). */
const BEFORE_LATEST = /^latest~(\d+)$/;

/** What a run argument (an id, `latest` or `latest~N`) names in a store. */
export type RunResolution =
  | { readonly type: 'stored'; readonly run: RunRecord }
  /**
   * A run the store's ledger lists and the store no longer holds; `instead`
   * is what `latest` or `latest~N` would name among the runs still stored
   * (undefined for an id, or when none is).
   */
  | { readonly type: 'gone'; readonly gone: GoneRun; readonly instead: RunRecord | undefined }
  | { readonly type: 'missing' };

type TimelineEntry =
  | { readonly type: 'stored'; readonly run: RunRecord }
  | { readonly type: 'gone'; readonly gone: GoneRun };

const createdAtOf = (entry: TimelineEntry): string =>
  entry.type === 'stored' ? entry.run.created_at : entry.gone.created_at;

/**
 * The stored runs (in the store's order) with the gone ones among them by
 * creation time; of equal times, the gone run counts as the later, so a
 * removed run is never passed over.
 */
function timeline(stored: readonly RunRecord[], gone: readonly GoneRun[]): TimelineEntry[] {
  const entries: TimelineEntry[] = stored.map((run) => ({ type: 'stored', run }));
  for (const run of gone) {
    let at = entries.length;
    while (at > 0 && createdAtOf(entries[at - 1]!) > run.created_at) at--;
    entries.splice(at, 0, { type: 'gone', gone: run });
  }
  return entries;
}

/**
 * What `runArgument` names, the runs removed from the store counted: a
 * `latest` whose run was removed is that gone run, never silently the run
 * before it.
 */
export async function resolveStoredRun(
  store: RunStore,
  runArgument: string,
): Promise<RunResolution> {
  const back =
    runArgument === 'latest' ? 0 : Number(BEFORE_LATEST.exec(runArgument)?.[1] ?? Number.NaN);
  if (Number.isNaN(back)) {
    const run = await store.getRun(runArgument);
    if (run !== undefined) return { type: 'stored', run };
    const gone = (await store.listGoneRuns()).find((other) => other.run_id === runArgument);
    return gone === undefined ? { type: 'missing' } : { type: 'gone', gone, instead: undefined };
  }
  // The latest run is the last of the timeline whatever lies before it: one record is read.
  const stored =
    back === 0
      ? [await store.latestRun()].filter((run): run is RunRecord => run !== undefined)
      : await store.listRuns();
  const instead = stored.at(-1 - back);
  const named = timeline(stored, await store.listGoneRuns()).at(-1 - back);
  if (named?.type === 'gone') return { type: 'gone', gone: named.gone, instead };
  return instead === undefined ? { type: 'missing' } : { type: 'stored', run: instead };
}

/**
 * The refusal of a run argument that names a run removed from the store
 * (E_TAMPERED, exit 2); `acceptable`: the command takes --accept-tampered.
 */
export function goneRunError(
  runArgument: string,
  resolution: Extract<RunResolution, { type: 'gone' }>,
  display: string,
  acceptable = true,
): EndstateError {
  const { gone, instead } = resolution;
  const line = describeGoneRun(gone);
  const message = describeGoneRun(gone, runArgument);
  const still =
    instead === undefined
      ? ''
      : ` The run "${runArgument}" names among those still stored is ${instead.run_id}: name it by its id${acceptable ? `, or pass --accept-tampered to take "${runArgument}" as it, marked` : ''}.`;
  return new EndstateError('E_TAMPERED', message, {
    problems: [{ file: display, message: line }],
    hint: `Its records are not in the store any more: restore the store from a backup, or run the suite again into a store agents cannot write.${still}`,
    details: { run_id: gone.run_id },
  });
}

/** What stderr says when --accept-tampered takes `latest` (or `latest~N`) among the runs still stored. */
export function goneFallbackNotice(runArgument: string, gone: GoneRun, instead: RunRecord): string {
  return `\n*** GONE: ${describeGoneRun(gone, runArgument)}; run ${instead.run_id} is shown instead because of --accept-tampered ***\n\n`;
}

/**
 * A run in an open store (named `display` in messages) by id, `latest`, or
 * `latest~N` (N runs before the latest). A run removed from the store is
 * refused (E_TAMPERED); with `acceptTampered`, `latest` (or `latest~N`)
 * whose run was removed is taken among the runs still stored, said on
 * stderr (and by every output of the run: see checkRunSeal).
 */
export async function findStoredRun(
  store: RunStore,
  display: string,
  runArgument: string,
  options: { readonly acceptTampered?: boolean | undefined; readonly io?: CliIo } = {},
): Promise<RunRecord> {
  const resolution = await resolveStoredRun(store, runArgument);
  if (resolution.type === 'stored') return resolution.run;
  if (resolution.type === 'gone') {
    const { instead } = resolution;
    if (options.acceptTampered !== true || instead === undefined)
      throw goneRunError(runArgument, resolution, display);
    options.io?.err(goneFallbackNotice(runArgument, resolution.gone, instead));
    return instead;
  }
  const known = (await store.listRuns()).map((stored) => stored.run_id).slice(-5);
  throw new EndstateError('E_RUN_NOT_FOUND', `no run "${runArgument}" in ${display}`, {
    hint:
      known.length > 0
        ? `Recent runs (oldest first): ${known.join(', ')}.`
        : 'The store holds no runs yet.',
  });
}

/** Opens an existing store (never creates one) and finds a run in it by id, `latest` or `latest~N`. */
export async function openStoredRun(
  spec: StoreSpec,
  cwd: string,
  runArgument: string,
  options: { readonly acceptTampered?: boolean | undefined; readonly io?: CliIo } = {},
): Promise<{ store: RunStore; run: RunRecord }> {
  const store = await openExistingStore(spec, cwd);
  try {
    return { store, run: await findStoredRun(store, spec.display, runArgument, options) };
  } catch (error) {
    await store.close();
    throw error;
  }
}
