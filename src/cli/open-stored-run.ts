import { existsSync } from 'node:fs';
import { EndstateError } from '../core/index.js';
import type { RunRecord } from '../schema/index.js';
import { openSqliteStore } from '../store/index.js';
import type { RunStore } from '../store/index.js';

/** Opens an existing store (never creates one) and finds a run in it by id or `latest`. */
export async function openStoredRun(
  path: string,
  runArgument: string,
): Promise<{ store: RunStore; run: RunRecord }> {
  if (!existsSync(path)) {
    throw new EndstateError('E_STORE', `no result store at ${path}`, {
      hint: 'Run `endstate run <suite>` in this folder first, or pass --store PATH.',
    });
  }
  const store = openSqliteStore(path);
  try {
    const run =
      runArgument === 'latest' ? await store.latestRun() : await store.getRun(runArgument);
    if (run === undefined) {
      const known = (await store.listRuns()).map((stored) => stored.run_id).slice(-5);
      throw new EndstateError('E_RUN_NOT_FOUND', `no run "${runArgument}" in ${path}`, {
        hint:
          known.length > 0 ? `Recent runs: ${known.join(', ')}.` : 'The store holds no runs yet.',
      });
    }
    return { store, run };
  } catch (error) {
    await store.close();
    throw error;
  }
}
