import { existsSync } from 'node:fs';
import { EndstateError } from '../core/index.js';
import type { RunRecord } from '../schema/index.js';
import { openSqliteStore } from '../store/index.js';
import type { RunStore } from '../store/index.js';

/** Opens an existing store (never creates one). */
export function openExistingStore(path: string): RunStore {
  if (!existsSync(path)) {
    throw new EndstateError('E_STORE', `no result store at ${path}`, {
      hint: 'Run `endstate run <suite>` in this folder first, or pass --store PATH.',
    });
  }
  return openSqliteStore(path);
}

/** `latest~N`: the N-th run before the latest (`latest~0` is the latest). */
const BEFORE_LATEST = /^latest~(\d+)$/;

/** A run in an open store by id, `latest`, or `latest~N` (N runs before the latest). */
export async function findStoredRun(
  store: RunStore,
  path: string,
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
    throw new EndstateError('E_RUN_NOT_FOUND', `no run "${runArgument}" in ${path}`, {
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
  path: string,
  runArgument: string,
): Promise<{ store: RunStore; run: RunRecord }> {
  const store = openExistingStore(path);
  try {
    return { store, run: await findStoredRun(store, path, runArgument) };
  } catch (error) {
    await store.close();
    throw error;
  }
}
