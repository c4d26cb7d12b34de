import { EndstateError } from '../core/index.js';
import type { RunRecord } from '../schema/index.js';
import type { RunStore } from '../store/index.js';
import { openExistingStore } from './store-path.js';
import type { StoreSpec } from './store-path.js';

/** `latest~N`: the N-th run before the latest (`latest~0` is the latest). */
const BEFORE_LATEST = /^latest~(\d+)$/;

/** A run in an open store (named `display` in messages) by id, `latest`, or `latest~N` (N runs before the latest). */
export async function findStoredRun(
  store: RunStore,
  display: string,
  runArgument: string,
): Promise<RunRecord> {
  const back = BEFORE_LATEST.exec(runArgument)?.[1];
  const run =
    runArgument === 'latest'
      ? await store.latestRun()
      : back !== undefined
        ? (await store.listRuns()).at(-1 - Number(back))
        : await store.getRun(runArgument);
  if (run === undefined) {
    const known = (await store.listRuns()).map((stored) => stored.run_id).slice(-5);
    throw new EndstateError('E_RUN_NOT_FOUND', `no run "${runArgument}" in ${display}`, {
      hint:
        known.length > 0
          ? `Recent runs (oldest first): ${known.join(', ')}.`
          : 'The store holds no runs yet.',
    });
  }
  return run;
}

/** Opens an existing store (never creates one) and finds a run in it by id, `latest` or `latest~N`. */
export async function openStoredRun(
  spec: StoreSpec,
  cwd: string,
  runArgument: string,
): Promise<{ store: RunStore; run: RunRecord }> {
  const store = await openExistingStore(spec, cwd);
  try {
    return { store, run: await findStoredRun(store, spec.display, runArgument) };
  } catch (error) {
    await store.close();
    throw error;
  }
}
